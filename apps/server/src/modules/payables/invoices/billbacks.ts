import { and, eq } from 'drizzle-orm';
import {
  billbackShares,
  cents,
  negateCents,
  type BillbackInput,
  type BillbackView,
  type FieldIssue,
  type TransactionMeaning,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { invoiceBillback } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { postTransactions, type Posting } from '../../ledger';
import { findRecord, findRecords } from '../../registry';
import { generatedText, type PayablesContext } from '../context';
import { nameOf, recordsNamed } from '../record-names';
import { billedBackOf, invoiceOrNotFound } from './invoice-views';

/**
 * An invoice's billbacks, standing and cancelled: batch after batch as they were made, each batch
 * by unit number as people read them ("9" before "10").
 */
export async function billbacksOf(
  db: DbOrTx,
  scope: YearScope,
  invoiceUuid: string,
): Promise<BillbackView[]> {
  await invoiceOrNotFound(db, scope, invoiceUuid);
  const rows = await db
    .select()
    .from(invoiceBillback)
    .where(
      and(eq(invoiceBillback.buildingId, scope.buildingId), eq(invoiceBillback.invoiceUuid, invoiceUuid)),
    );
  const units = await recordsNamed(
    db,
    scope,
    'units',
    rows.map((r) => ({ uuid: r.unitUuid, fiscalYear: scope.fiscalYear })),
  );
  return rows
    .map((row) => ({
      transactionUuid: row.transactionUuid,
      invoiceUuid: row.invoiceUuid,
      unitUuid: row.unitUuid,
      unitNumber: units.get(row.unitUuid)?.number ?? '',
      amount: row.amount,
      date: row.date,
      cancelled: row.cancelled,
      createdAt: row.createdAt.getTime(),
    }))
    .sort(
      (a, b) =>
        a.createdAt - b.createdAt ||
        a.unitNumber.localeCompare(b.unitNumber, undefined, { numeric: true, sensitivity: 'base' }),
    )
    .map(({ createdAt: _made, ...view }) => view);
}

const refused = (path: (string | number)[], key: string): FieldIssue => ({ path, key });

/**
 * DOMAIN 7: bills part of an invoice back to units, shared by vote share, equally, or by the
 * amounts entered (`billbackShares`). Each unit with a part posts one `unitSupplierBillback`: its
 * account is debited, the invoice's first line's expense category credited, so the expense the
 * units bear leaves the building's. At most the invoice's total minus what already stands billed
 * back; the invoice is locked meanwhile, so two billbacks at once cannot pass that bound together.
 * Logged "billback added".
 */
export async function addBillbacks(
  tx: DbOrTx,
  ctx: PayablesContext,
  invoiceUuid: string,
  input: BillbackInput,
): Promise<{ billbacks: BillbackView[] }> {
  const { scope, source } = ctx;
  await lockWritableYear(tx, scope);
  const invoice = await invoiceOrNotFound(tx, scope, invoiceUuid, true);
  if (invoice.cancelled) {
    throw new AppError('validation', [refused([], 'payables.invoices.validation.invoiceCancelled')]);
  }
  if (invoice.creditNote) {
    throw new AppError('validation', [refused([], 'payables.invoices.validation.creditNoteBillback')]);
  }
  const issues: FieldIssue[] = [];
  const already = (await billedBackOf(tx, scope.buildingId, [invoice.uuid])).get(invoice.uuid) ?? 0;
  if (input.amount > invoice.total - already) {
    issues.push(refused(['amount'], 'payables.invoices.validation.billbackTooMuch'));
  }
  const records = new Map(
    (
      await findRecords(
        tx,
        scope,
        'units',
        input.units.map((u) => u.unitUuid),
      )
    ).map((r) => [r.uuid, r]),
  );
  const units = input.units.map((entry, i) => {
    const unit = records.get(entry.unitUuid);
    if (input.units.findIndex((u) => u.unitUuid === entry.unitUuid) !== i) {
      issues.push(refused(['units', i, 'unitUuid'], 'payables.invoices.validation.unitTwice'));
    } else if (!unit || unit.aid === null || unit.archived) {
      issues.push(refused(['units', i, 'unitUuid'], 'payables.invoices.validation.unitMissing'));
    }
    return { entry, unit };
  });
  const [firstLine] = invoice.lines;
  const category = firstLine ? await findRecord(tx, scope, 'categories', firstLine.categoryUuid) : null;
  if (!category || category.aid === null) {
    issues.push(refused([], 'payables.invoices.validation.categoryMissing'));
  }
  const split = billbackShares(
    input.amount,
    input.rule,
    units.map(({ entry, unit }) => ({ voteShare: Number(unit?.data.voteShare ?? 0), amount: entry.amount })),
  );
  if (!split.ok) issues.push(...split.issues);
  if (issues.length > 0 || !split.ok || !category?.aid) throw new AppError('validation', issues);
  const categoryAid = category.aid;

  const supplier = (
    await recordsNamed(tx, scope, 'suppliers', [
      { uuid: invoice.supplierUuid, fiscalYear: invoice.fiscalYear },
    ])
  ).get(invoice.supplierUuid);
  // A description the user typed reads as typed; the one the system writes has its meaning.
  const text: { description: string; meaning?: TransactionMeaning } =
    input.description === undefined
      ? generatedText(ctx.building, {
          kind: 'supplierBillback',
          number: invoice.number,
          supplier: nameOf(supplier),
        })
      : { description: input.description };
  // A unit whose share rounds to nothing is billed nothing (a transaction of zeros is no transaction).
  const billed = units.flatMap(({ unit }, i) => {
    const amount = cents(split.parts[i] ?? 0);
    return unit?.aid && amount > 0 ? [{ unitUuid: unit.uuid, aid: unit.aid, amount }] : [];
  });
  const postings: Posting[] = billed.map((b) => ({
    input: {
      date: input.date,
      description: text.description,
      kind: 'unitSupplierBillback',
      taxes: [],
      indexes: [],
      subtransactions: [
        { aid: b.aid, amount: b.amount },
        { aid: categoryAid, amount: negateCents(b.amount) },
      ],
    },
    extra: {
      details: {
        sourceInvoiceTransaction: invoice.transactionUuid,
        invoiceUuid: invoice.uuid,
        unitUuid: b.unitUuid,
      },
      meaning: text.meaning ?? null,
    },
  }));
  const views = await postTransactions(tx, scope, source, postings);
  const transactionOf = new Map(views.map((v) => [(v.details as { unitUuid?: string }).unitUuid, v.uuid]));
  await tx.insert(invoiceBillback).values(
    billed.map((b) => ({
      buildingId: scope.buildingId,
      transactionUuid: transactionOf.get(b.unitUuid) ?? '',
      invoiceUuid: invoice.uuid,
      unitUuid: b.unitUuid,
      rule: input.rule,
      amount: b.amount,
      date: input.date,
    })),
  );
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'billbackAdded',
    source,
    message: `Billback added: invoice ${invoice.number}, ${billed.length} units`,
    metadata: {
      invoiceUuid: invoice.uuid,
      number: invoice.number,
      amount: input.amount,
      rule: input.rule,
      units: billed.map((b) => ({
        unitUuid: b.unitUuid,
        amount: b.amount,
        transactionUuid: transactionOf.get(b.unitUuid),
      })),
      fiscalYear: scope.fiscalYear,
    },
    indexes: [invoice.uuid, ...views.map((v) => v.uuid)],
  });
  return { billbacks: await billbacksOf(tx, scope, invoice.uuid) };
}
