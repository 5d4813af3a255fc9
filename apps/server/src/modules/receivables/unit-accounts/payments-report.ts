import { sql } from 'drizzle-orm';
import { negateCents, paymentsReceivedTable, readDescription, type ReceivedPayment } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { listRecords } from '../../registry';
import { spreadsheetMoneyFormat } from '../../../platform/documents/render-xlsx';
import type { ReportDocument } from '../../reports';
import type { ReceivablesReportContext } from './report-common';

/**
 * Payments and credit notes credited to unit accounts in the period, oldest first: one row per
 * unit line (a deposit pays several units). Cancelled transactions are left out, so a payment
 * moved to a new owner's account by a sale counts once. Described in the report's language.
 */
async function receivedPayments(db: DbOrTx, ctx: ReceivablesReportContext): Promise<ReceivedPayment[]> {
  const { scope, period } = ctx;
  const rows = await rowsOf<{
    date: string;
    kind: string;
    payment_method: string | null;
    check: string | null;
    description: string;
    meaning: unknown;
    unit_uuid: string;
    amount: string;
  }>(
    db,
    sql`select t.date::text as date, t.kind, t.payment_method, coalesce(s.check_number, t.check_number) as check,
        t.description, t.meaning, a.record_uuid as unit_uuid, s.amount
      from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      join ledger_accounts a on a.building_id = s.building_id and a.aid = s.aid and a.kind = 'unit'
      where s.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear}
        and t.status <> 'cancelled' and t.kind in ('unitPayment', 'unitCreditNote') and s.amount < 0
        and t.date between ${period.from} and ${period.to}
      order by t.date, t.created_at, s.line`,
  );
  const numbers = new Map((await listRecords(db, scope, 'units')).map((u) => [u.uuid, u.number ?? '']));
  return rows.map((r) => ({
    date: r.date,
    unitNumber: numbers.get(r.unit_uuid) ?? '',
    method: r.payment_method ?? (r.kind === 'unitCreditNote' ? 'credit-note' : null),
    checkNumber: r.check,
    description: readDescription(r, ctx.language),
    amount: negateCents(centsFromSql(r.amount)),
  }));
}

export async function paymentsReportDocument(
  db: DbOrTx,
  ctx: ReceivablesReportContext,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { building, language, t, period } = ctx;
  const table = paymentsReceivedTable(await receivedPayments(db, ctx), {
    language,
    currency: building.currency,
  });
  return {
    document: {
      title: t('receivablesReports.payments-received.title'),
      subtitle: `${ctx.subtitle} · ${ctx.periodText}`,
      sheetName: t('receivablesReports.payments-received.sheet'),
      columns: table.columns.map((column) => ({ label: t(column.key), kind: column.kind })),
      rows: table.rows,
      totalRows: table.totalRows,
      moneyFormat: spreadsheetMoneyFormat(building.currency, language),
      emptyText: ctx.emptyText,
      pageLabel: ctx.pageLabel,
    },
    fileName: `${t('receivablesReports.payments-received.file')}-${period.from}-${period.to}`,
  };
}
