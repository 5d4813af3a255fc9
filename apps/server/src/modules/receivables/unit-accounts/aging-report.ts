import { ageReceivable, agingReportTable, type AgingReportRow } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { unitPostings } from '../unit-postings';
import { spreadsheetMoneyFormat } from '../../../platform/documents/render-xlsx';
import type { ReportDocument } from '../../reports';
import { unitAccountsOf } from './accounts';
import { unitsInOrder, type ReceivablesReportContext } from './report-common';

/**
 * DOMAIN 10: receivables aging at `asOf`: every unit's current account, and each former owner's
 * account still open with something owed or in credit, aged current, 30, 60 and 90+ days.
 */
export async function agingReportDocument(
  db: DbOrTx,
  ctx: ReceivablesReportContext,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { scope, building, language, t, asOf } = ctx;
  const units = await unitsInOrder(db, scope);
  const accounts = await unitAccountsOf(db, scope, units);
  const postings = await unitPostings(db, scope);
  const rows: AgingReportRow[] = [];
  for (const unit of units) {
    for (const account of accounts.get(unit.uuid) ?? []) {
      const aging = ageReceivable(postings.get(account.aid) ?? [], asOf);
      const former = account.until !== null;
      if (former && (account.closedAt !== null || aging.balance === 0)) continue;
      rows.push({
        unitNumber: unit.number ?? '',
        former,
        aid: account.aid,
        ownerNames: account.ownerNames,
        aging,
      });
    }
  }
  const table = agingReportTable(rows, { language, currency: building.currency });
  return {
    document: {
      title: t('receivablesReports.receivables-aging.title'),
      subtitle: `${ctx.subtitle} · ${t('receivablesReports.receivables-aging.asOf', { date: asOf })}`,
      sheetName: t('receivablesReports.receivables-aging.sheet'),
      columns: table.columns.map((column) => ({ label: t(column.key), kind: column.kind })),
      rows: table.rows,
      totalRows: table.totalRows,
      moneyFormat: spreadsheetMoneyFormat(building.currency, language),
      emptyText: ctx.emptyText,
      pageLabel: ctx.pageLabel,
    },
    fileName: `${t('receivablesReports.receivables-aging.file')}-${asOf}`,
  };
}
