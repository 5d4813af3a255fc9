import type { FastifyRequest } from 'fastify';
import type { ReceivablesReport, ReceivablesReportQuery } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { ReportDocument } from '../../reports';
import { agingReportDocument } from './aging-report';
import { paymentsReportDocument } from './payments-report';
import { receivablesReportContext } from './report-common';
import { statementsReportDocument } from './statements-report';

/** The receivables reports (DOMAIN 10) as the reports route draws them: page, PDF, XLSX, CSV. */
export async function receivablesReportDocument(
  db: DbOrTx,
  req: FastifyRequest,
  report: ReceivablesReport,
  query: ReceivablesReportQuery,
): Promise<{ document: ReportDocument; fileName: string }> {
  const ctx = await receivablesReportContext(db, req, query);
  if (report === 'receivables-aging') return agingReportDocument(db, ctx);
  if (report === 'payments-received') return paymentsReportDocument(db, ctx);
  return statementsReportDocument(db, ctx, query.unitUuid);
}
