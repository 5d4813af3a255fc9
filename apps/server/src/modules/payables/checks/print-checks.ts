import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  amountInWords,
  checkAmountFigures,
  checkDateDigits,
  dateIndicator,
  formatMoney,
  isCheckCurrency,
  languageOf,
  largestCheckAmount,
  smallestCheckAmount,
  stubRows,
  sumCents,
  translate,
  type Cents,
  type CheckDenialReason,
  type FieldIssue,
  type SupplierPaymentView,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { supplierInvoice, supplierPayment } from '../../../db/schema/index';
import { writeLogs, type LogInput } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear } from '../../../platform/fiscal-year-scope';
import type { PayablesContext } from '../context';
import { paymentViews, type PaymentRow } from '../payments/payment-views';
import { recordCheckNumbers } from '../../ledger';
import { takeCheckNumbers } from './check-numbering';
import { renderChecks, type CheckPage } from './render-checks';

/**
 * DOMAIN 7, SPEC 8: printing supplier checks, one or a batch as one PDF.
 *
 * A batch prints only supplier payments by check (not cancelled) of the year, posted (approved when
 * approval was required), all to one supplier; otherwise nothing prints and each payment at fault
 * is named with its SPEC 8 reason (`checkPrintDenied`). The first print of a check gives it its
 * bank's next number and records when; printing it again is a reprint, asked for as such, which
 * keeps its number. Each check printed or reprinted is logged.
 */

export interface CheckPrintInput {
  paymentUuids: string[];
  reprint?: boolean | undefined;
}

const at = (i: number) => ['paymentUuids', i];

/** The SPEC 8 reason a payment cannot be printed with the others, if any. */
function denialOf(row: PaymentRow | undefined, supplierUuid: string | null): CheckDenialReason | null {
  if (!row || row.paymentMethod !== 'check' || row.status === 'cancelled') {
    return 'TransactionNotSupplierPaymentByCheck';
  }
  // Pending or rejected: it moves no money until approved, and a check would pay it.
  if (row.status !== 'posted') return 'TransactionNotApproved';
  if (supplierUuid !== null && row.supplierUuid !== supplierUuid) return 'MultipleSuppliers';
  return null;
}

/** The payments, locked for the write, in the batch's order; refused with every reason at once. */
async function printablePayments(
  tx: Tx,
  ctx: PayablesContext,
  input: CheckPrintInput,
): Promise<PaymentRow[]> {
  const duplicates: FieldIssue[] = input.paymentUuids.flatMap((uuid, i) =>
    input.paymentUuids.indexOf(uuid) < i ? [{ path: at(i), key: 'payables.checks.duplicatePayment' }] : [],
  );
  if (duplicates.length > 0) throw new AppError('validation', duplicates);
  const rows = await tx
    .select()
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, ctx.scope.buildingId),
        eq(supplierPayment.fiscalYear, ctx.scope.fiscalYear),
        inArray(supplierPayment.uuid, input.paymentUuids),
      ),
    )
    .orderBy(asc(supplierPayment.uuid))
    .for('update');
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const batch = input.paymentUuids.map((uuid) => byUuid.get(uuid));
  // The batch's supplier is the first check's; every other supplier's payment is the odd one out.
  const supplierUuid =
    batch.find((row) => denialOf(row, null) !== 'TransactionNotSupplierPaymentByCheck')?.supplierUuid ?? null;
  const denials: FieldIssue[] = batch.flatMap((row, i) => {
    const reason = denialOf(row, supplierUuid);
    return reason ? [{ path: at(i), key: reason }] : [];
  });
  if (denials.length > 0) throw new AppError('checkPrintDenied', denials);
  return batch.filter((row): row is PaymentRow => row !== undefined);
}

/** What else keeps a check from printing: its currency, its amount, or how it was printed before. */
function refuseUnprintable(ctx: PayablesContext, rows: readonly PaymentRow[], reprint: boolean): void {
  const currency = ctx.building.currency;
  if (!isCheckCurrency(currency)) {
    throw new AppError('validation', [
      { path: ['paymentUuids'], key: 'payables.checks.currencyNotSupported', params: { currency } },
    ]);
  }
  const issues: FieldIssue[] = rows.flatMap((row, i): FieldIssue[] => {
    if (row.amount < smallestCheckAmount || row.amount > largestCheckAmount) {
      return [{ path: at(i), key: 'payables.checks.amountOutOfRange' }];
    }
    if (!reprint && row.checkPrintedAt !== null) {
      return [
        { path: at(i), key: 'payables.checks.alreadyPrinted', params: { number: row.checkNumber ?? '' } },
      ];
    }
    if (reprint && row.checkPrintedAt === null) return [{ path: at(i), key: 'payables.checks.notPrinted' }];
    return [];
  });
  if (issues.length > 0) throw new AppError('validation', issues);
}

/** Gives each check its bank's next number, in the batch's order, the banks locked in one order. */
async function numberChecks(
  tx: Tx,
  ctx: PayablesContext,
  rows: readonly PaymentRow[],
  now: Date,
): Promise<PaymentRow[]> {
  const numbers = new Map<string, string>();
  const banks = [...new Set(rows.map((r) => r.bankUuid))].sort();
  for (const bankUuid of banks) {
    const ofBank = rows.filter((r) => r.bankUuid === bankUuid);
    const taken = await takeCheckNumbers(tx, ctx.scope.buildingId, bankUuid, ofBank.length);
    ofBank.forEach((row, i) => numbers.set(row.uuid, String(taken[i])));
  }
  const printed: PaymentRow[] = [];
  for (const row of rows) {
    const checkNumber = numbers.get(row.uuid) ?? null;
    await tx
      .update(supplierPayment)
      .set({ checkNumber, checkPrintedAt: now })
      .where(and(eq(supplierPayment.buildingId, row.buildingId), eq(supplierPayment.uuid, row.uuid)));
    printed.push({ ...row, checkNumber, checkPrintedAt: now });
  }
  // The bank's statement names a check by its number: the ledger keeps it for the reconciliation.
  await recordCheckNumbers(
    tx,
    ctx.scope.buildingId,
    printed.flatMap((row) =>
      row.transactionUuid && row.checkNumber
        ? [{ transactionUuid: row.transactionUuid, checkNumber: row.checkNumber }]
        : [],
    ),
  );
  return printed;
}

const addressLine = (address: PayablesContext['building']['address']): string =>
  [address.street, address.city, [address.state, address.zip].filter(Boolean).join(' '), address.country]
    .filter(Boolean)
    .join(', ');

/** A check and its stubs in the building's language and currency (SPEC 8). */
function checkPage(
  ctx: PayablesContext,
  view: SupplierPaymentView,
  invoiceDates: Map<string, string>,
): CheckPage {
  const language = languageOf(ctx.building.locale);
  const currency = ctx.building.currency;
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `payables.checks.pdf.${key}`, params);
  const money = (amount: number) => formatMoney(amount, currency, language);
  const number = view.checkNumber ?? '';
  const approvers = view.approvals.filter((a) => a.decision === 'approved').map((a) => a.name);
  const lines = [
    ...view.invoices.map((l) => ({ ...l, number: l.number, signed: l.amount })),
    ...view.creditNotes.map((l) => ({
      ...l,
      number: t('creditNote', { number: l.number }),
      signed: -l.amount,
    })),
  ];
  const { shown, rest } = stubRows(lines);
  const rows = shown.map((l) => ({
    number: l.number,
    date: invoiceDates.get(l.invoiceUuid) ?? '',
    amount: money(l.signed),
  }));
  if (rest.length > 0) {
    rows.push({
      number: t('others', { count: rest.length }),
      date: '',
      amount: money(sumCents(rest.map((l) => l.signed as Cents))),
    });
  }
  return {
    payor: ctx.building.name,
    payorAddress: addressLine(ctx.building.address),
    number: t('number', { number }),
    dateLabel: t('date'),
    dateDigits: checkDateDigits(view.date),
    dateIndicator: dateIndicator(language),
    payLabel: t('pay'),
    words: amountInWords(view.amount, currency, language),
    figures: checkAmountFigures(view.amount, language),
    payeeLabel: t('toTheOrderOf'),
    payee: view.supplierName,
    memoLabel: t('memo'),
    memo: view.memo || t('memoInvoices', { numbers: view.invoices.map((l) => l.number).join(', ') }),
    signatures: [approvers[0] ?? t('signature'), approvers[1] ?? t('signature')],
    stub: {
      payee: view.supplierName,
      reference: t('stubReference', { number, date: view.date }),
      payor: t('stubPayor', { building: ctx.building.name, bank: view.bankName }),
      headers: { number: t('invoice'), date: t('invoiceDate'), amount: t('amount') },
      rows,
      totalLabel: t('total'),
      total: money(view.amount),
    },
  };
}

export async function printChecks(
  tx: Tx,
  ctx: PayablesContext,
  input: CheckPrintInput,
  now: Date,
): Promise<{ pdf: Buffer; fileName: string }> {
  const reprint = input.reprint === true;
  await lockWritableYear(tx, ctx.scope);
  const payments = await printablePayments(tx, ctx, input);
  refuseUnprintable(ctx, payments, reprint);
  const rows = reprint ? payments : await numberChecks(tx, ctx, payments, now);
  // A check is a document of the building: its bank reads in the building's language.
  const views = await paymentViews(tx, ctx.scope, rows, {
    userId: null,
    canApprove: false,
    language: languageOf(ctx.building.locale),
  });
  const invoiceUuids = views.flatMap((v) => [...v.invoices, ...v.creditNotes].map((l) => l.invoiceUuid));
  const invoiceDates = new Map(
    invoiceUuids.length === 0
      ? []
      : (
          await tx
            .select({ uuid: supplierInvoice.uuid, date: supplierInvoice.date })
            .from(supplierInvoice)
            .where(
              and(
                eq(supplierInvoice.buildingId, ctx.scope.buildingId),
                inArray(supplierInvoice.uuid, invoiceUuids),
              ),
            )
        ).map((i) => [i.uuid, i.date]),
  );
  await writeLogs(
    tx,
    views.map((view): LogInput => ({
      buildingId: ctx.scope.buildingId,
      event: reprint ? 'checkReprinted' : 'checkPrinted',
      source: ctx.source,
      message: `Check ${reprint ? 'reprinted' : 'printed'}: no ${view.checkNumber ?? ''} to ${view.supplierName} (${view.amount} cents, ${view.date})`,
      metadata: {
        paymentUuid: view.uuid,
        checkNumber: view.checkNumber,
        bankUuid: view.bankUuid,
        supplierUuid: view.supplierUuid,
        amount: view.amount,
        fiscalYear: ctx.scope.fiscalYear,
      },
      indexes: [view.uuid, view.supplierUuid, ...(view.transactionUuid ? [view.transactionUuid] : [])],
    })),
  );
  const language = languageOf(ctx.building.locale);
  const numbers = views.map((v) => v.checkNumber ?? '');
  const file = translate(language, 'payables.checks.pdf.file');
  const pdf = await renderChecks(
    views.map((view) => checkPage(ctx, view, invoiceDates)),
    translate(language, 'payables.checks.pdf.title'),
  );
  const span = numbers.length > 1 ? `${numbers[0]}-${numbers.at(-1)}` : (numbers[0] ?? '');
  return { pdf, fileName: `${file}-${span}.pdf` };
}
