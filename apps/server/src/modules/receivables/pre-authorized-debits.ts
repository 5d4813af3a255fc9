import { randomUUID } from 'node:crypto';
import { negateCents, type Cents, type ReturnCode } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { postTransaction, type TransactionView } from '../ledger';
import { generatedText, type MoneyInContext } from './context';
import { mailOwners } from './owner-mail';
import { ReferenceCheck } from './references';
import { logReversal, returnedPaymentFee } from './returned-payments';
import { postPenalty, penaltyText } from './unit-transactions';

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
  const text = generatedText(ctx.building, {
    kind: 'preAuthorizedDebit',
    unit: unit.number ?? '',
    month: debit.month,
    reference: debit.reference,
  });
  return postTransaction(
    tx,
    ctx.scope,
    ctx.source,
    {
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
    {
      details: {
        unitUuid: unit.uuid,
        bankUuid: bank.uuid,
        reference: debit.reference,
        padOrderUuid: debit.orderUuid,
      },
      meaning: text.meaning,
    },
  );
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
          { date: input.returnedOn, amount: fee.amount, ...generatedText(ctx.building, penaltyText(fee)) },
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
