import type { FastifyRequest } from 'fastify';
import { checkRegisterTable, payablesAgingTable, type Language } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { ReportDocument } from '../../reports';
import { payablesReportDocument } from './documents';
import { agingDateOf, checkRegister, payablesAging, payablesReportContext, periodOf } from './report-data';

/**
 * The payables reports other areas put in their own files (the board package), in the language
 * they ask for: the building's, not the reader's.
 */

/** The payables aging at `asOf` (today by default, kept inside the year). */
export async function payablesAgingDocument(
  db: DbOrTx,
  req: FastifyRequest,
  { asOf, language }: { asOf?: string; language: Language },
): Promise<{ document: ReportDocument; fileName: string }> {
  const ctx = await payablesReportContext(db, req, language);
  const date = agingDateOf(ctx, asOf);
  const aging = await payablesAging(db, ctx, date);
  return payablesReportDocument(
    ctx,
    'aging',
    payablesAgingTable(aging, { language, currency: ctx.building.currency }),
    {
      about: ctx.t('payablesReports.aging.asOf', { date }),
      fileSuffix: date,
    },
  );
}

/** Every check of every bank (or of one) dated in the period (the fiscal year by default). */
export async function checkRegisterDocument(
  db: DbOrTx,
  req: FastifyRequest,
  { from, to, bankUuid, language }: { from?: string; to?: string; bankUuid?: string; language: Language },
): Promise<{ document: ReportDocument; fileName: string }> {
  const ctx = await payablesReportContext(db, req, language);
  const period = periodOf(ctx, { from, to });
  const register = await checkRegister(db, ctx, period, bankUuid);
  return payablesReportDocument(
    ctx,
    'check-register',
    checkRegisterTable(register, { language, currency: ctx.building.currency }),
    { about: ctx.t('payablesReports.period', { ...period }), fileSuffix: `${period.from}-${period.to}` },
  );
}
