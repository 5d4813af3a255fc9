import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  cents,
  invoicePostingLines,
  invoiceTotals,
  negateCents,
  type FieldIssue,
  type SupplierInvoiceInput,
  type SupplierInvoiceView,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { invoiceBillback, supplierInvoice, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import type { FileStorage } from '../../../platform/storage';
import { cancelTransaction, findTransaction, postTransaction, type TransactionView } from '../../ledger';
import { findRecord, findRecords } from '../../registry';
import { generatedText, type PayablesContext } from '../context';
import { invoiceStandings, standingOf } from '../invoice-standing';
import { storedAttachments } from './invoice-files';
import { invoiceOrNotFound, invoiceView, type InvoiceRow } from './invoice-views';

const numberIndex = 'supplier_invoices_number_idx';

/** PostgreSQL's unique violation on the index that keeps a supplier's invoice numbers apart. */
function isNumberTaken(error: unknown): boolean {
  const seen = new Set<unknown>();
  // Drivers and drizzle wrap the database's error: it is one of the causes.
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (constraint === numberIndex || String(message).includes(numberIndex)))
      return true;
  }
  return false;
}

/**
 * The form's references: a supplier of the year with its account, expense categories of the year,
 * each tax code once, a due date not before the invoice's, and files uploaded first. Every wrong
 * field is reported at once.
 */
async function checkedReferences(
  tx: DbOrTx,
  scope: YearScope,
  storage: FileStorage,
  input: SupplierInvoiceInput,
) {
  const issues: FieldIssue[] = [];
  const supplier = await findRecord(tx, scope, 'suppliers', input.supplierUuid);
  if (!supplier || supplier.aid === null || supplier.archived) {
    issues.push({ path: ['supplierUuid'], key: 'payables.invoices.validation.supplierMissing' });
  }
  const categories = new Map(
    (await findRecords(tx, scope, 'categories', [...new Set(input.lines.map((l) => l.categoryUuid))])).map(
      (c) => [c.uuid, c],
    ),
  );
  const lineAccounts = input.lines.map((line, i) => {
    const category = categories.get(line.categoryUuid);
    if (!category || category.aid === null || category.archived) {
      issues.push({
        path: ['lines', i, 'categoryUuid'],
        key: 'payables.invoices.validation.categoryMissing',
      });
      return 0;
    }
    if (category.data.parent !== 'expenses') {
      issues.push({
        path: ['lines', i, 'categoryUuid'],
        key: 'payables.invoices.validation.expenseCategoryOnly',
      });
    }
    return category.aid;
  });
  input.taxes.forEach((tax, i) => {
    if (input.taxes.findIndex((t) => t.code === tax.code) !== i) {
      issues.push({ path: ['taxes', i, 'code'], key: 'payables.invoices.validation.taxTwice' });
    }
  });
  if (input.dueDate !== undefined && input.dueDate < input.date) {
    issues.push({ path: ['dueDate'], key: 'payables.invoices.validation.dueBeforeDate' });
  }
  const files = await storedAttachments(storage, scope, input.attachments ?? []);
  issues.push(...files.issues);
  if (issues.length > 0 || !supplier?.aid) throw new AppError('validation', issues);
  return { supplier: { ...supplier, aid: supplier.aid }, lineAccounts, attachments: files.attachments };
}

/**
 * DOMAIN 7: a supplier invoice posts `supplierInvoice`: each line's expense category is debited
 * with its amount and its share of the taxes (the syndicate recovers none), the supplier credited
 * with the total. A credit note posts the reverse. The number is unique per supplier among the
 * invoices that are not cancelled: the database's partial unique index decides it, even between
 * two requests at once, and its refusal answers 409 invoiceNumberTaken.
 */
export async function createInvoice(
  tx: DbOrTx,
  ctx: PayablesContext,
  storage: FileStorage,
  input: SupplierInvoiceInput,
): Promise<SupplierInvoiceView> {
  const { scope, source } = ctx;
  await lockWritableYear(tx, scope);
  const { supplier, lineAccounts, attachments } = await checkedReferences(tx, scope, storage, input);
  // A tax of 0 moves nothing: it is left out of the invoice and its transaction.
  const taxes = input.taxes.filter((t) => t.amount > 0);
  const { subtotal, total } = invoiceTotals(input.lines, taxes);
  const posted = invoicePostingLines(input.lines, taxes);
  const creditNote = input.creditNote === true;
  // An invoice debits the expenses; a credit note gives them back. Its taxes are signed so too.
  const signed = (amount: number) => (creditNote ? negateCents(cents(amount)) : cents(amount));
  const uuid = randomUUID();
  const { description, meaning } = generatedText(ctx.building, {
    kind: creditNote ? 'supplierCreditNote' : 'supplierInvoice',
    number: input.number,
    supplier: String(supplier.data.name ?? ''),
  });
  const transaction = await postTransaction(
    tx,
    scope,
    source,
    {
      date: input.date,
      description,
      kind: 'supplierInvoice',
      taxes: taxes.map((t) => ({ code: t.code, amount: signed(t.amount) })),
      indexes: [],
      attachments,
      subtransactions: [
        ...posted.map((amount, i) => ({ aid: lineAccounts[i] ?? 0, amount: signed(amount) })),
        { aid: supplier.aid, amount: negateCents(signed(total)) },
      ],
    },
    { details: { invoice: { uuid, number: input.number, creditNote } }, meaning },
  );
  let row: InvoiceRow | undefined;
  try {
    [row] = await tx
      .insert(supplierInvoice)
      .values({
        buildingId: scope.buildingId,
        uuid,
        fiscalYear: scope.fiscalYear,
        supplierUuid: supplier.uuid,
        number: input.number,
        date: input.date,
        dueDate: input.dueDate ?? null,
        creditNote,
        lines: input.lines.map((line) => ({
          categoryUuid: line.categoryUuid,
          ...(line.description ? { description: line.description } : {}),
          amount: line.amount,
        })),
        taxes,
        subtotal,
        total,
        notes: input.notes ?? '',
        attachments,
        transactionUuid: transaction.uuid,
        createdBy: source,
      })
      .returning();
  } catch (error) {
    if (isNumberTaken(error)) throw new AppError('invoiceNumberTaken');
    throw error;
  }
  if (!row) throw new Error('invoice not written');
  return invoiceView(tx, scope, row);
}

/**
 * What stops an invoice from being cancelled: payments that pay or hold it (posted, or awaiting
 * approval) and billbacks that stand. They are cancelled first (409 invoiceInUse).
 */
async function refuseWhileInUse(tx: DbOrTx, scope: YearScope, row: InvoiceRow): Promise<void> {
  const { paid, pending } = standingOf(await invoiceStandings(tx, scope.buildingId, [row.uuid]), row.uuid);
  const [billback] = await tx
    .select({ transactionUuid: invoiceBillback.transactionUuid })
    .from(invoiceBillback)
    .where(
      and(
        eq(invoiceBillback.buildingId, scope.buildingId),
        eq(invoiceBillback.invoiceUuid, row.uuid),
        eq(invoiceBillback.cancelled, false),
      ),
    )
    .limit(1);
  if (paid > 0 || pending > 0 || billback) throw new AppError('invoiceInUse');
}

/**
 * Cancels an invoice (locked by the caller) with its transaction, in the invoice's own year: its
 * number is free again. Logged "supplier invoice cancelled".
 */
export async function cancelInvoiceRow(
  tx: DbOrTx,
  source: LogSource,
  row: InvoiceRow,
  reason: string,
): Promise<TransactionView> {
  if (row.cancelled) {
    throw new AppError('validation', [{ path: [], key: 'validation.transactionNotEditable' }]);
  }
  const scope = { buildingId: row.buildingId, fiscalYear: row.fiscalYear };
  await refuseWhileInUse(tx, scope, row);
  const view = await cancelTransaction(tx, scope, source, row.transactionUuid, reason);
  await tx
    .update(supplierInvoice)
    .set({ cancelled: true })
    .where(and(eq(supplierInvoice.buildingId, row.buildingId), eq(supplierInvoice.uuid, row.uuid)));
  await writeLog(tx, {
    buildingId: row.buildingId,
    event: 'supplierInvoiceCancelled',
    source,
    message: `Supplier invoice cancelled: ${row.number} (${reason})`,
    metadata: {
      uuid: row.uuid,
      number: row.number,
      supplierUuid: row.supplierUuid,
      transactionUuid: row.transactionUuid,
      reason,
      fiscalYear: row.fiscalYear,
    },
    indexes: [row.uuid, row.transactionUuid],
  });
  return view;
}

/** `POST Y/supplier-invoices/:uuid/cancel`. */
export async function cancelInvoice(
  tx: DbOrTx,
  ctx: PayablesContext,
  uuid: string,
  reason: string,
): Promise<SupplierInvoiceView> {
  await lockWritableYear(tx, ctx.scope);
  const found = await invoiceOrNotFound(tx, ctx.scope, uuid);
  // The transaction first, then the invoice: the order of the ledger's cancel (supplierInvoiceOwner),
  // so the two ways of cancelling one invoice wait for each other instead of deadlocking.
  await findTransaction(
    tx,
    { buildingId: found.buildingId, fiscalYear: found.fiscalYear },
    'supplierInvoice',
    found.transactionUuid,
    true,
  );
  const row = await invoiceOrNotFound(tx, ctx.scope, uuid, true);
  await cancelInvoiceRow(tx, ctx.source, row, reason);
  return invoiceView(tx, ctx.scope, await invoiceOrNotFound(tx, ctx.scope, uuid));
}
