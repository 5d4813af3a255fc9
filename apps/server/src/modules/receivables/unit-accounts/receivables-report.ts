import type { FastifyRequest } from 'fastify';
import type { Language, ReceivablesReport, ReceivablesReportQuery } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { ReportDocument } from '../../reports';
import { agingReportDocument } from './aging-report';
import { paymentsReportDocument } from './payments-report';
import { receivablesReportContext } from './report-common';
import { statementsReportDocument } from './statements-report';

/**
 * The receivables reports (DOMAIN 10) as the reports route draws them: page, PDF, XLSX, CSV. In
 * the reader's language, or in the one given (the board package's is the building's).
 */
export async function receivablesReportDocument(
  db: DbOrTx,
  req: FastifyRequest,
  report: ReceivablesReport,
  query: ReceivablesReportQuery,
  language: Language = req.ctx.language,
): Promise<{ document: ReportDocument; fileName: string }> {
  const ctx = await receivablesReportContext(db, req, query, language);
  if (report === 'receivables-aging') return agingReportDocument(db, ctx);
  if (report === 'payments-received') return paymentsReportDocument(db, ctx);
  return statementsReportDocument(db, ctx, query.unitUuid);
}
