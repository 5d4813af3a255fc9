import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  electronicDepositKey,
  negateCents,
  penaltyTransactionKind,
  type Cents,
  type CheckView,
  type PenaltyKind,
  type TransactionMeaning,
  type UnitChargeInput,
  type UnitPaymentInput,
  type UnitPenaltyChargeInput,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { penalty, type PenaltyRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { postTransaction, type TransactionView } from '../ledger';
import { recordCheck, singleCheckPaths } from './checks';
import { generatedText, type MoneyInContext } from './context';
import { writeLog } from '../../platform/audit';
import { ReferenceCheck, type AccountRecord } from './references';

/**
 * A payment that reached the bank: the bank is debited, the unit credited. An electronic one
 * (wire transfer) is indexed by its reference so the bank's statement line can be found.
 */
export async function postUnitPayment(
  tx: DbOrTx,
  ctx: MoneyInContext,
  payment: {
    unit: AccountRecord;
    bank: AccountRecord;
    amount: Cents;
    date: string;
    method: Exclude<UnitPaymentInput['paymentMethod'], 'check'>;
    description: string;
    /** What a generated description means (DESIGN 3); none for one the user typed. */
    meaning?: TransactionMeaning | undefined;
    notes?: string | undefined;
    reference?: string | undefined;
  },
): Promise<TransactionView> {
  const { unit, bank, amount } = payment;
  const electronic = payment.method === 'wire-transfer';
  return postTransaction(
    tx,
    ctx.scope,
    ctx.source,
    {
      date: payment.date,
      description: payment.description,
      kind: 'unitPayment',
      paymentMethod: payment.method,
      taxes: [],
      indexes: electronic
        ? [`electronic-deposit:${electronicDepositKey(payment.reference, randomUUID())}`]
        : [],
      subtransactions: [
        { aid: bank.aid, amount },
        { aid: unit.aid, amount: negateCents(amount) },
      ],
    },
    {
      details: {
        unitUuid: unit.uuid,
        bankUuid: bank.uuid,
        ...(payment.notes ? { notes: payment.notes } : {}),
        ...(electronic ? { reference: payment.reference ?? '' } : {}),
      },
      meaning: payment.meaning ?? null,
    },
  );
}

/**
 * DOMAIN 4: a payment entered on a unit's page. A check only waits for its deposit (nothing is
 * posted yet); any other method reaches the bank at once: the bank is debited, the unit credited.
 */
export async function recordUnitPayment(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: UnitPaymentInput,
): Promise<{ transaction: TransactionView | null; check: CheckView | null }> {
  if (input.paymentMethod === 'check') {
    const check = await recordCheck(
      tx,
      ctx,
      {
        unitUuid: input.unitUuid,
        // The schema requires the number of a check.
        number: input.checkNumber ?? '',
        amount: input.amount,
        date: input.date,
        notes: input.notes,
      },
      { ...singleCheckPaths, number: () => ['checkNumber'] },
    );
    return { transaction: null, check };
  }
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const bank = input.bankUuid ? await refs.account('banks', input.bankUuid, ['bankUuid']) : null;
  refs.done();
  if (!unit || !bank) throw new AppError('notFound');
  const transaction = await postUnitPayment(tx, ctx, {
    unit,
    bank,
    amount: input.amount,
    date: input.date,
    method: input.paymentMethod,
    ...(input.description !== undefined
      ? { description: input.description }
      : generatedText(ctx.building, {
          kind: 'payment',
          method: input.paymentMethod,
          unit: unit.number ?? '',
        })),
    notes: input.notes,
  });
  return { transaction, check: null };
}

/** An invoice charges the unit against a category; a credit note gives it back (DOMAIN 4). */
export async function chargeUnit(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: UnitChargeInput,
): Promise<TransactionView> {
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const category = await refs.account('categories', input.categoryUuid, ['categoryUuid']);
  refs.done();
  if (!unit || !category) throw new AppError('notFound');
  const charged = input.kind === 'unitInvoice' ? input.amount : negateCents(input.amount);
  return postTransaction(
    tx,
    ctx.scope,
    ctx.source,
    {
      date: input.date,
      description: input.description,
      kind: input.kind,
      ...(input.kind === 'unitCreditNote' ? { paymentMethod: 'credit-note' as const } : {}),
      taxes: [],
      indexes: [],
      subtransactions: [
        { aid: unit.aid, amount: charged },
        { aid: category.aid, amount: negateCents(charged) },
      ],
    },
    { details: { unitUuid: unit.uuid, categoryUuid: category.uuid } },
  );
}

export async function findPenalty(tx: DbOrTx, buildingId: string, uuid: string): Promise<PenaltyRow | null> {
  const [row] = await tx
    .select()
    .from(penalty)
    .where(and(eq(penalty.buildingId, buildingId), eq(penalty.uuid, uuid)));
  return row ?? null;
}

/**
 * A penalty's line as the unit's statement shows it: its own name, else its kind's; a returned
 * check's fee names the check.
 */
export const penaltyText = (row: PenaltyRow, checkNumber?: string): TransactionMeaning => ({
  kind: 'penalty',
  transactionKind: penaltyTransactionKind[row.kind as PenaltyKind],
  name: row.name,
  ...(checkNumber !== undefined ? { checkNumber } : {}),
});

/**
 * Posts one penalty or fee to a unit: the unit is debited, the penalty's category credited, and
 * "unit penalty added" is logged (DOMAIN 5). The automatic run and the returned check use it too;
 * `details` names what charged it (the returned check's return).
 */
export async function postPenalty(
  tx: DbOrTx,
  ctx: MoneyInContext,
  row: PenaltyRow,
  charge: {
    unit: { uuid: string; aid: number; number: string | null };
    category: { uuid: string; aid: number };
  },
  input: { date: string; amount: Cents; description: string; meaning?: TransactionMeaning },
  details: Record<string, string> = {},
): Promise<TransactionView> {
  const kind = penaltyTransactionKind[row.kind as PenaltyKind];
  const view = await postTransaction(
    tx,
    ctx.scope,
    ctx.source,
    {
      date: input.date,
      description: input.description,
      kind,
      taxes: [],
      indexes: [],
      subtransactions: [
        { aid: charge.unit.aid, amount: input.amount },
        { aid: charge.category.aid, amount: negateCents(input.amount) },
      ],
    },
    {
      details: { ...details, unitUuid: charge.unit.uuid, penaltyUuid: row.uuid },
      meaning: input.meaning ?? null,
    },
  );
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'unitPenaltyAdded',
    source: ctx.source,
    message: `Unit penalty added: ${kind} of ${input.amount} cents to unit ${charge.unit.number ?? ''}`,
    metadata: {
      uuid: view.uuid,
      kind,
      penaltyUuid: row.uuid,
      unitUuid: charge.unit.uuid,
      amount: input.amount,
      fiscalYear: ctx.scope.fiscalYear,
    },
    indexes: [view.uuid, charge.unit.uuid],
  });
  return view;
}

/** A penalty or fee of the building charged by hand from the unit's page; its amount may differ. */
export async function chargePenalty(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: UnitPenaltyChargeInput,
): Promise<TransactionView> {
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const row = await findPenalty(tx, ctx.scope.buildingId, input.penaltyUuid);
  if (!row) refs.add({ path: ['penaltyUuid'], key: 'receivables.validation.penaltyMissing' });
  const category = row ? await refs.account('categories', row.categoryUuid, ['penaltyUuid']) : null;
  refs.done();
  if (!unit || !row || !category) throw new AppError('notFound');
  return postPenalty(
    tx,
    ctx,
    row,
    { unit, category },
    {
      date: input.date,
      amount: input.amount,
      ...(input.description !== undefined
        ? { description: input.description }
        : generatedText(ctx.building, penaltyText(row))),
    },
  );
}
