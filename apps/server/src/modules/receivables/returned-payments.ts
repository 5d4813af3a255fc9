import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  negateCents,
  paymentMethods,
  type ReturnedCheckInput,
  type ReturnedElectronicPaymentInput,
} from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import { centsFromSql } from '../../db/money';
import { deposit, penalty, recordedCheck } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import {
  findTransaction,
  postTransaction,
  standingTransactionsByDetail,
  type TransactionView,
} from '../ledger';
import { lockedCheck } from './checks';
import { depositStands } from './deposits';
import { generatedText, type MoneyInContext } from './context';
import { writeLog } from '../../platform/audit';
import { mailOwners } from './owner-mail';
import { postPenalty, penaltyText } from './unit-transactions';
import { ReferenceCheck, type AccountRecord } from './references';

/** Logs a unit payment's reversal: its amount is read off the unit's line. */
export async function logReversal(
  tx: DbOrTx,
  ctx: MoneyInContext,
  unit: AccountRecord,
  reversal: TransactionView,
  extra: Record<string, unknown>,
) {
  const amount = reversal.subtransactions.find((l) => l.aid === unit.aid)?.amount ?? 0;
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'unitPaymentReversed',
    source: ctx.source,
    message: `Unit payment reversed: ${reversal.kind} of ${amount} cents for unit ${unit.number ?? ''}`,
    metadata: {
      uuid: reversal.uuid,
      kind: reversal.kind,
      unitUuid: unit.uuid,
      amount,
      fiscalYear: ctx.scope.fiscalYear,
      ...extra,
    },
    indexes: [reversal.uuid, unit.uuid],
  });
}

/** The building's returned-payment fee (`defaultCheckReversalFee`), when it has one. */
export async function returnedPaymentFee(tx: DbOrTx, buildingId: string) {
  const [fee] = await tx
    .select()
    .from(penalty)
    .where(and(eq(penalty.buildingId, buildingId), eq(penalty.kind, 'defaultCheckReversalFee')));
  return fee;
}

/**
 * DOMAIN 4, a returned check (NSF): the unit owes the amount again and the bank gives it back
 * (`unitDepositReversal`); with `chargeFee`, the building's check-reversal fee is charged too.
 * The check, when named, must be a deposited one of this unit and amount, and becomes returned.
 */
export async function returnCheck(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: ReturnedCheckInput,
): Promise<{ reversal: TransactionView; fee: TransactionView | null }> {
  const { scope } = ctx;
  const refs = new ReferenceCheck(tx, scope);
  const bank = await refs.account('banks', input.bankUuid, ['bankUuid']);
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const check = input.checkUuid ? await lockedCheck(tx, scope, input.checkUuid) : null;
  let depositNumber: string | null = null;
  if (input.checkUuid && !check)
    refs.add({ path: ['checkUuid'], key: 'receivables.validation.checkMissing' });
  if (check) {
    if (check.status !== 'deposited')
      refs.add({ path: ['checkUuid'], key: 'receivables.validation.checkNotDeposited' });
    // A deposit cancelled before deposits restored their checks left them deposited.
    else if (!check.depositUuid || !(await depositStands(tx, scope, check.depositUuid)))
      refs.add({ path: ['checkUuid'], key: 'receivables.validation.depositCancelled' });
    if (check.amount !== input.amount)
      refs.add({ path: ['amount'], key: 'receivables.validation.checkMismatch' });
    if (check.unitUuid !== input.unitUuid)
      refs.add({ path: ['unitUuid'], key: 'receivables.validation.checkMismatch' });
    if (check.number !== input.checkNumber)
      refs.add({ path: ['checkNumber'], key: 'receivables.validation.checkMismatch' });
    const [placed] = check.depositUuid
      ? await tx
          .select({ number: deposit.number, bankUuid: deposit.bankUuid })
          .from(deposit)
          .where(and(eq(deposit.buildingId, scope.buildingId), eq(deposit.uuid, check.depositUuid)))
      : [];
    if (placed && placed.bankUuid !== input.bankUuid)
      refs.add({ path: ['bankUuid'], key: 'receivables.validation.checkMismatch' });
    depositNumber = placed?.number ?? null;
  }
  const fee = input.chargeFee ? await returnedPaymentFee(tx, scope.buildingId) : undefined;
  if (input.chargeFee && (!fee || !fee.amount))
    refs.add({ path: ['chargeFee'], key: 'receivables.validation.noCheckReversalFee' });
  const feeCategory = fee?.amount ? await refs.account('categories', fee.categoryUuid, ['chargeFee']) : null;
  refs.done();
  if (!bank || !unit) throw new AppError('notFound');

  const returnedText = generatedText(ctx.building, {
    kind: 'returnedCheck',
    number: input.checkNumber,
    unit: unit.number ?? '',
  });
  // Names the return on its reversal and its fee, which a sale may move: cancelling one finds the other.
  const returnUuid = randomUUID();
  const reversal = await postTransaction(
    tx,
    scope,
    ctx.source,
    {
      date: input.date,
      description: returnedText.description,
      kind: 'unitDepositReversal',
      paymentMethod: 'check',
      taxes: [],
      // The deposit it came back from, when known, so both are found together.
      indexes: [`returned-deposit:${depositNumber ?? input.checkNumber}`],
      subtransactions: [
        { aid: unit.aid, amount: input.amount, check: input.checkNumber },
        { aid: bank.aid, amount: negateCents(input.amount), check: input.checkNumber },
      ],
    },
    {
      checkNumber: input.checkNumber,
      ...(depositNumber ? { deposit: depositNumber } : {}),
      details: { unitUuid: unit.uuid, bankUuid: bank.uuid, checkUuid: check?.uuid ?? null, returnUuid },
      meaning: returnedText.meaning,
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
            date: input.date,
            amount: fee.amount,
            ...generatedText(ctx.building, penaltyText(fee, input.checkNumber)),
          },
          { returnUuid },
        )
      : null;
  if (check) {
    await tx
      .update(recordedCheck)
      .set({ status: 'returned', returnTransactionUuid: reversal.uuid, updatedAt: new Date() })
      .where(and(eq(recordedCheck.buildingId, scope.buildingId), eq(recordedCheck.uuid, check.uuid)));
    await publish(tx, { buildingId: scope.buildingId, collection: 'checks', ids: [check.uuid] });
  }
  await logReversal(tx, ctx, unit, reversal, {
    checkNumber: input.checkNumber,
    checkUuid: check?.uuid ?? null,
    feeTransactionUuid: feeView?.uuid ?? null,
  });
  if (input.emailOwner) {
    await mailOwners(tx, ctx, unit, input.date, (tl, money) => ({
      subject: tl('receivables.mail.returnedCheck.subject', { building: ctx.building.name }),
      body: [
        tl('receivables.mail.returnedCheck.body', {
          number: input.checkNumber,
          amount: money(input.amount),
          unit: unit.number ?? '',
          building: ctx.building.name,
        }),
        ...(feeView && fee?.amount
          ? [tl('receivables.mail.returnedCheck.fee', { amount: money(fee.amount) })]
          : []),
      ].join(' '),
    }));
  }
  return { reversal, fee: feeView };
}

/** The payment an electronic reversal names: a unit payment of the year, standing, not returned already. */
async function returnedPayment(tx: DbOrTx, ctx: MoneyInContext, refs: ReferenceCheck, uuid: string) {
  const row = await findTransaction(tx, ctx.scope, 'unitPayment', uuid, true);
  if (!row || row.paymentMethod === 'check' || row.paymentMethod === 'cash' || row.deposit !== null) {
    refs.add({ path: ['transactionUuid'], key: 'receivables.validation.paymentMissing' });
    return null;
  }
  if (row.status === 'cancelled') {
    refs.add({ path: ['transactionUuid'], key: 'receivables.validation.paymentCancelled' });
    return null;
  }
  const [already] = await standingTransactionsByDetail(tx, ctx.scope.buildingId, {
    kind: 'unitElectronicDepositReversal',
    key: 'returnedTransactionUuid',
    values: [uuid],
  });
  if (already) refs.add({ path: ['transactionUuid'], key: 'receivables.validation.paymentAlreadyReturned' });
  return row;
}

/**
 * A returned electronic payment (wire transfer, debit): the unit owes it again and the bank gives
 * it back (`unitElectronicDepositReversal`), with no fee. The payment, when named, must match.
 */
export async function returnElectronicPayment(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: ReturnedElectronicPaymentInput,
): Promise<TransactionView> {
  const { scope } = ctx;
  const refs = new ReferenceCheck(tx, scope);
  const bank = await refs.account('banks', input.bankUuid, ['bankUuid']);
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const payment = input.transactionUuid ? await returnedPayment(tx, ctx, refs, input.transactionUuid) : null;
  if (payment) {
    const details = payment.details as { unitUuid?: string; bankUuid?: string };
    const [paid] = await rowsOf<{ amount: string | null }>(
      tx,
      sql`select sum(amount) as amount from subtransactions
        where building_id = ${scope.buildingId} and transaction_uuid = ${payment.uuid} and amount > 0`,
    );
    if (centsFromSql(paid?.amount) !== input.amount)
      refs.add({ path: ['amount'], key: 'receivables.validation.paymentMismatch' });
    if (details.unitUuid !== input.unitUuid)
      refs.add({ path: ['unitUuid'], key: 'receivables.validation.paymentMismatch' });
    if (details.bankUuid !== input.bankUuid)
      refs.add({ path: ['bankUuid'], key: 'receivables.validation.paymentMismatch' });
  }
  refs.done();
  if (!bank || !unit) throw new AppError('notFound');
  const returnedText = generatedText(ctx.building, {
    kind: 'returnedElectronicPayment',
    unit: unit.number ?? '',
  });
  const reference = payment?.indexes
    .find((i) => i.startsWith('electronic-deposit:'))
    ?.slice('electronic-deposit:'.length);
  const method = paymentMethods.find((m) => m === payment?.paymentMethod);
  const reversal = await postTransaction(
    tx,
    scope,
    ctx.source,
    {
      date: input.date,
      description: returnedText.description,
      kind: 'unitElectronicDepositReversal',
      ...(method ? { paymentMethod: method } : {}),
      taxes: [],
      indexes: reference ? [`returned-deposit:${reference}`] : [],
      subtransactions: [
        { aid: unit.aid, amount: input.amount },
        { aid: bank.aid, amount: negateCents(input.amount) },
      ],
    },
    {
      details: { unitUuid: unit.uuid, bankUuid: bank.uuid, returnedTransactionUuid: payment?.uuid ?? null },
      meaning: returnedText.meaning,
    },
  );
  await logReversal(tx, ctx, unit, reversal, { returnedTransactionUuid: payment?.uuid ?? null });
  if (input.emailOwner) {
    await mailOwners(tx, ctx, unit, input.date, (tl, money) => ({
      subject: tl('receivables.mail.returnedElectronicPayment.subject', { building: ctx.building.name }),
      body: tl('receivables.mail.returnedElectronicPayment.body', {
        amount: money(input.amount),
        date: input.date,
        unit: unit.number ?? '',
        building: ctx.building.name,
      }),
    }));
  }
  return reversal;
}
