import type { FastifyRequest } from 'fastify';
import { localeOf, formatMoney, type DepositView, type MoneyCell } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { spreadsheetMoneyFormat } from '../../platform/documents/render-xlsx';
import { reportContext, type ReportDocument } from '../reports';
import { getDeposit, listDeposits, type DepositFilters } from './deposits';

/**
 * DOMAIN 4: the deposit slip the bank receives with the checks and cash, and the deposits as a
 * spreadsheet for the accountant; both in the reader's language.
 */
async function fileContext(db: DbOrTx, req: FastifyRequest) {
  const context = await reportContext(db, req);
  const { language, building } = context;
  const money = (cents: number): MoneyCell => ({
    cents,
    text: formatMoney(cents, building.currency, language),
  });
  const day = (iso: string): string =>
    new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  return { ...context, money, day, moneyFormat: spreadsheetMoneyFormat(building.currency, language) };
}

export async function depositSlip(
  db: DbOrTx,
  req: FastifyRequest,
  uuid: string,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { scope, building, t, money, day, emptyText, pageLabel, moneyFormat } = await fileContext(db, req);
  const view: DepositView = await getDeposit(db, scope, uuid);
  const checks = view.items.filter((i) => i.kind === 'check');
  const cashTotal = view.items.filter((i) => i.kind === 'cash').reduce((sum, i) => sum + i.amount, 0);
  const rows = view.items.map((item) => [
    t(`receivables.slip.kinds.${item.kind}`),
    item.unitNumber,
    item.checkNumber ?? '',
    money(item.amount),
  ]);
  rows.push(
    [t('receivables.slip.checksTotal', { count: checks.length }), '', '', money(view.total - cashTotal)],
    [t('receivables.slip.cashTotal'), '', '', money(cashTotal)],
    [t('receivables.slip.total'), '', '', money(view.total)],
  );
  return {
    document: {
      title: t('receivables.slip.title', { number: view.number }),
      subtitle: t('receivables.slip.subtitle', {
        building: building.name,
        bank: view.bankName,
        date: day(view.date),
      }),
      notice: view.description,
      sheetName: t('receivables.slip.sheet'),
      columns: [
        { label: t('receivables.slip.columns.kind'), kind: 'text' },
        { label: t('receivables.slip.columns.unit'), kind: 'text' },
        { label: t('receivables.slip.columns.checkNumber'), kind: 'text' },
        { label: t('receivables.slip.columns.amount'), kind: 'money' },
      ],
      rows,
      totalRows: [rows.length - 3, rows.length - 2, rows.length - 1],
      moneyFormat,
      emptyText,
      pageLabel,
    },
    fileName: `${t('receivables.slip.file')}-${view.number}`,
  };
}

export async function depositsExport(
  db: DbOrTx,
  req: FastifyRequest,
  filters: DepositFilters,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { scope, t, money, subtitle, emptyText, pageLabel, moneyFormat, today } = await fileContext(db, req);
  // Oldest first, as a bank statement reads; a cancelled deposit brought the bank nothing.
  const deposits = (await listDeposits(db, scope, filters)).filter((d) => !d.cancelled).reverse();
  const rows = deposits.map((d) => [
    d.number,
    d.date,
    d.bankName,
    d.description,
    String(d.items.length),
    money(d.total),
  ]);
  rows.push([
    t('receivables.export.total'),
    '',
    '',
    '',
    '',
    money(deposits.reduce((sum, d) => sum + d.total, 0)),
  ]);
  const items = deposits.flatMap((d) =>
    d.items.map((item) => [
      d.number,
      d.date,
      item.unitNumber,
      t(`receivables.slip.kinds.${item.kind}`),
      item.checkNumber ?? '',
      item.returned ? t('receivables.export.returned') : '',
      money(item.amount),
    ]),
  );
  return {
    document: {
      title: t('receivables.export.title'),
      subtitle,
      sheetName: t('receivables.export.sheet'),
      heading: t('receivables.export.title'),
      columns: [
        { label: t('receivables.export.columns.number'), kind: 'text' },
        { label: t('receivables.export.columns.date'), kind: 'date' },
        { label: t('receivables.export.columns.bank'), kind: 'text' },
        { label: t('receivables.export.columns.description'), kind: 'text' },
        { label: t('receivables.export.columns.items'), kind: 'text' },
        { label: t('receivables.export.columns.total'), kind: 'money' },
      ],
      rows,
      totalRows: [rows.length - 1],
      sections: [
        {
          heading: t('receivables.export.itemsTitle'),
          sheetName: t('receivables.export.itemsSheet'),
          columns: [
            { label: t('receivables.export.columns.number'), kind: 'text' },
            { label: t('receivables.export.columns.date'), kind: 'date' },
            { label: t('receivables.slip.columns.unit'), kind: 'text' },
            { label: t('receivables.slip.columns.kind'), kind: 'text' },
            { label: t('receivables.slip.columns.checkNumber'), kind: 'text' },
            { label: t('receivables.export.columns.status'), kind: 'text' },
            { label: t('receivables.slip.columns.amount'), kind: 'money' },
          ],
          rows: items,
        },
      ],
      moneyFormat,
      emptyText,
      pageLabel,
    },
    fileName: `${t('receivables.export.file')}-${today}`,
  };
}
