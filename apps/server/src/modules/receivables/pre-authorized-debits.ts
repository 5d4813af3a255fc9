import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { negateCents, type Cents, type FieldIssue, type ReturnCode } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { unitSale } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { postTransaction, postTransactions, type Posting, type TransactionView } from '../ledger';
import { findRecords, type RecordRow } from '../registry';
import { generatedText, type MoneyInContext } from './context';
import { mailOwners } from './owner-mail';
import { ReferenceCheck } from './references';
import { logReversal, returnedPaymentFee } from './returned-payments';
import { postPenalty } from './unit-transactions';

/**
 * DOMAIN 8, money in by pre-authorized debit: what the payment partner's answers do to a unit's
 * account. The `otonom` area decides when (the status transitions that move money); this area
 * posts. Every transaction names its order (`padOrderUuid`), which is how the otonom area owns
 * them (a cancel goes through the order's status, not the ledger's cancel).
 */

/** A transaction posted here: its details name its order. */
export const ofPreAuthorizedDebit = (row: { details: unknown }): boolean =>
  typeof (row.details as { padOrderUuid?: unknown } | null)?.padOrderUuid === 'string';

export interface DebitPosting {
  orderUuid: string;
  reference: string;
  unitUuid: string;
  bankUuid: string;
  amount: Cents;
  /** The debit's date: the money left the owner's account that day. */
  date: string;
  /** The month a monthly debit pays ("2026-03"), else null. */
  month: string | null;
  method: 'otonom' | 'pre-authorized-debit';
}

/** The unit payment a received debit posts, its unit (on the debit's day) and bank checked. */
function debitReceivedPosting(
  ctx: MoneyInContext,
  debit: DebitPosting,
  unit: { uuid: string; number: string | null; aid: number },
  bank: { uuid: string; aid: number },
): Posting {
  const text = generatedText(ctx.building, {
    kind: 'preAuthorizedDebit',
    unit: unit.number ?? '',
    month: debit.month,
    reference: debit.reference,
  });
  return {
    input: {
      date: debit.date,
      description: text.description,
      kind: 'unitPayment',
      paymentMethod: debit.method,
      taxes: [],
      // The bank's statement shows the partner's deposit: found by the order's reference.
      indexes: [`electronic-deposit:${debit.reference}`],
      subtransactions: [
        { aid: bank.aid, amount: debit.amount },
        { aid: unit.aid, amount: negateCents(debit.amount) },
      ],
    },
    extra: {
      details: {
        unitUuid: unit.uuid,
        bankUuid: bank.uuid,
        reference: debit.reference,
        padOrderUuid: debit.orderUuid,
      },
      meaning: text.meaning,
    },
  };
}

/** The debit reached the bank: Dr the bank, Cr the unit. */
export async function postDebitReceived(
  tx: DbOrTx,
  ctx: MoneyInContext,
  debit: DebitPosting,
): Promise<TransactionView> {
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.unitOn(debit.unitUuid, ['unitUuid'], debit.date);
  const bank = await refs.account('banks', debit.bankUuid, ['bankUuid']);
  refs.done();
  if (!unit || !bank) throw new AppError('notFound');
  const { input, extra } = debitReceivedPosting(ctx, debit, unit, bank);
  return postTransaction(tx, ctx.scope, ctx.source, input, extra);
}

/** As `ReferenceCheck.account`'s: the record when money can move through it, else why not. */
function usable(
  row: RecordRow | undefined,
  missingKey: string,
  path: string[],
): { row: RecordRow & { aid: number } } | { issue: FieldIssue } {
  if (!row || row.aid === null) return { issue: { path, key: missingKey } };
  if (row.archived) return { issue: { path, key: 'receivables.validation.archived' } };
  return { row: row as RecordRow & { aid: number } };
}

/**
 * Each unit's sales after `after`, oldest first: a unit's account on a day is the one the first
 * sale after that day closed (`unitAccountOn`), read here for many units in one query.
 */
async function salesAfter(
  tx: DbOrTx,
  buildingId: string,
  unitUuids: readonly string[],
  after: string,
): Promise<Map<string, { date: string; oldAid: number }[]>> {
  const rows = await tx
    .select({ unitUuid: unitSale.unitUuid, date: unitSale.date, oldAid: unitSale.oldAid })
    .from(unitSale)
    .where(
      and(
        eq(unitSale.buildingId, buildingId),
        inArray(unitSale.unitUuid, [...unitUuids]),
        gt(unitSale.date, after),
      ),
    )
    .orderBy(asc(unitSale.date));
  const sales = new Map<string, { date: string; oldAid: number }[]>();
  for (const row of rows) sales.set(row.unitUuid, [...(sales.get(row.unitUuid) ?? []), row]);
  return sales;
}

/**
 * `postDebitReceived` for many debits of the context's year at once (the partner's answers for a
 * whole file): each transaction is the one `postDebitReceived` posts (kind, lines, details with
 * the order, meaning, indexes), checked the same way, posted in ONE `postTransactions` (one year
 * lock, multi-row inserts). All or nothing: a debit whose unit or bank cannot take money, or whose
 * date is outside the year, refuses the batch with that debit's issues (the first such debit),
 * as its own posting would have; the caller may then post the others one at a time. Answered in
 * the debits' order.
 */
export async function postDebitsReceived(
  tx: DbOrTx,
  ctx: MoneyInContext,
  debits: readonly DebitPosting[],
): Promise<TransactionView[]> {
  if (debits.length === 0) return [];
  const unitUuids = [...new Set(debits.map((d) => d.unitUuid))];
  const bankUuids = [...new Set(debits.map((d) => d.bankUuid))];
  const units = new Map((await findRecords(tx, ctx.scope, 'units', unitUuids)).map((r) => [r.uuid, r]));
  const banks = new Map((await findRecords(tx, ctx.scope, 'banks', bankUuids)).map((r) => [r.uuid, r]));
  const earliest = debits.reduce((min, d) => (d.date < min ? d.date : min), debits[0]?.date ?? '');
  const sales = await salesAfter(tx, ctx.scope.buildingId, unitUuids, earliest);

  const postings: Posting[] = [];
  for (const debit of debits) {
    const unit = usable(units.get(debit.unitUuid), 'receivables.validation.unitMissing', ['unitUuid']);
    const bank = usable(banks.get(debit.bankUuid), 'receivables.validation.bankMissing', ['bankUuid']);
    const issues = [unit, bank].flatMap((r) => ('issue' in r ? [r.issue] : []));
    if (!('row' in unit) || !('row' in bank)) throw new AppError('validation', issues);
    const sale = sales.get(debit.unitUuid)?.find((s) => s.date > debit.date);
    const aid = sale?.oldAid ?? unit.row.aid;
    postings.push(debitReceivedPosting(ctx, debit, { ...unit.row, aid }, bank.row));
  }
  const views = await postTransactions(tx, ctx.scope, ctx.source, postings);
  // Answered by order, whatever order the database returned the rows in.
  const byOrder = new Map(views.map((v) => [(v.details as { padOrderUuid?: string }).padOrderUuid, v]));
  return debits.map((d) => {
    const view = byOrder.get(d.orderUuid);
    if (!view) throw new Error(`debit of order ${d.orderUuid} not posted`);
    return view;
  });
}

export interface DebitReturn extends DebitPosting {
  /** The payment transaction it reverses. */
  paymentUuid: string;
  /** The day the bank returned it (or the refund was made). */
  returnedOn: string;
  /** The bank's reason; null for a refund by the building. */
  returnCode: ReturnCode | null;
  /** Charge the building's returned-payment fee (`defaultCheckReversalFee`), when it has one. */
  chargeFee: boolean;
  emailOwner: boolean;
  /** The owner's agreement no longer holds (the mail says so). */
  agreementRevoked: boolean;
}

/**
 * A returned debit (NSF, account closed, payment stopped…) or a refund: the unit owes the amount
 * again and the bank gives it back (`unitElectronicDepositReversal`), like a returned check
 * (DOMAIN 4). A return (not a refund) charges the building's returned-payment fee when asked and
 * set; the owners are told in their language.
 */
export async function postDebitReturned(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: DebitReturn,
): Promise<{ reversal: TransactionView; fee: TransactionView | null }> {
  const refs = new ReferenceCheck(tx, ctx.scope);
  // The account the payment was credited to: the owners' of the debit's day, even after a sale.
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const bank = await refs.account('banks', input.bankUuid, ['bankUuid']);
  // A refund (no return code) is the building's doing: no fee.
  const fee =
    input.returnCode !== null && input.chargeFee
      ? await returnedPaymentFee(tx, ctx.scope.buildingId)
      : undefined;
  const feeCategory = fee?.amount ? await refs.account('categories', fee.categoryUuid, ['chargeFee']) : null;
  refs.done();
  if (!unit || !bank) throw new AppError('notFound');
  const text = generatedText(ctx.building, {
    kind: 'returnedDebit',
    unit: unit.number ?? '',
    reference: input.reference,
    returnCode: input.returnCode,
  });
  const returnUuid = randomUUID();
  const reversal = await postTransaction(
    tx,
    ctx.scope,
    ctx.source,
    {
      date: input.returnedOn,
      description: text.description,
      kind: 'unitElectronicDepositReversal',
      paymentMethod: input.method,
      taxes: [],
      indexes: [`returned-deposit:${input.reference}`],
      subtransactions: [
        { aid: unit.aid, amount: input.amount },
        { aid: bank.aid, amount: negateCents(input.amount) },
      ],
    },
    {
      details: {
        unitUuid: unit.uuid,
        bankUuid: bank.uuid,
        returnedTransactionUuid: input.paymentUuid,
        padOrderUuid: input.orderUuid,
        returnCode: input.returnCode,
        returnUuid,
      },
      meaning: text.meaning,
    },
  );
  const feeView =
    fee?.amount && feeCategory
      ? await postPenalty(
          tx,
          ctx,
          fee,
          { unit, category: feeCategory },
          {
            date: input.returnedOn,
            amount: fee.amount,
            // Named for what it is: the fee of a returned debit, not of a returned check.
            ...generatedText(ctx.building, {
              kind: 'returnedDebitFee',
              unit: unit.number ?? '',
              reference: input.reference,
            }),
          },
          { returnUuid, padOrderUuid: input.orderUuid },
        )
      : null;
  await logReversal(tx, ctx, unit, reversal, {
    reference: input.reference,
    returnedTransactionUuid: input.paymentUuid,
    padOrderUuid: input.orderUuid,
    returnCode: input.returnCode,
    feeTransactionUuid: feeView?.uuid ?? null,
  });
  if (input.emailOwner) {
    // The payors: the owners of the debit's day, whose account it is.
    await mailOwners(tx, ctx, unit, input.date, (tl, money) => {
      const values = {
        amount: money(input.amount),
        date: input.date,
        unit: unit.number ?? '',
        building: ctx.building.name,
      };
      if (!input.returnCode)
        return {
          subject: tl('otonom.mail.refunded.subject', values),
          body: tl('otonom.mail.refunded.body', values),
        };
      return {
        subject: tl('otonom.mail.returned.subject', values),
        body: [
          tl('otonom.mail.returned.body', {
            ...values,
            reason: tl(`otonom.returnCodes.${input.returnCode}`),
          }),
          ...(feeView && fee?.amount ? [tl('otonom.mail.returned.fee', { amount: money(fee.amount) })] : []),
          ...(input.agreementRevoked ? [tl('otonom.mail.returned.revoked')] : []),
        ].join(' '),
      };
    });
  }
  return { reversal, fee: feeView };
}
