import { cents, zeroCents, type Cents, type WireTransferInput, type WireTransferView } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { linesOf, standingTransactions, standingTransactionsByDetail, type TransactionView } from '../ledger';
import { findRecords } from '../registry';
import { generatedText, type MoneyInContext } from './context';
import { ReferenceCheck, unitNumberOf } from './references';
import { postUnitPayment } from './unit-transactions';

/** DOMAIN 4: a wire transfer received from a unit: a `unitPayment` by wire transfer, posted at once. */
export async function recordWireTransfer(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: WireTransferInput,
): Promise<TransactionView> {
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.unitOn(input.unitUuid, ['unitUuid'], input.date);
  const bank = await refs.account('banks', input.bankUuid, ['bankUuid']);
  refs.done();
  if (!unit || !bank) throw new AppError('notFound');
  const reference = input.reference || undefined;
  return postUnitPayment(tx, ctx, {
    unit,
    bank,
    amount: input.amount,
    date: input.date,
    method: 'wire-transfer',
    ...generatedText(ctx.building, {
      kind: 'wireTransfer',
      unit: unit.number ?? '',
      ...(reference ? { reference } : {}),
    }),
    reference,
  });
}

/**
 * The year's wire transfers from units, oldest first, whether entered here or as a unit's
 * payment by wire transfer; a transfer named by a returned electronic payment is marked returned.
 */
export async function listWireTransfers(
  db: DbOrTx,
  scope: YearScope,
  filters: { from?: string | undefined; to?: string | undefined },
): Promise<WireTransferView[]> {
  const rows = await standingTransactions(db, scope, {
    kind: 'unitPayment',
    paymentMethod: 'wire-transfer',
    from: filters.from,
    to: filters.to,
  });
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const returned = new Set(
    (
      await standingTransactionsByDetail(db, scope.buildingId, {
        kind: 'unitElectronicDepositReversal',
        key: 'returnedTransactionUuid',
        values: uuids,
      })
    ).map((r) => r.value),
  );
  const amounts = new Map<string, Cents>();
  for (const line of await linesOf(db, scope.buildingId, uuids)) {
    if (line.amount > 0)
      amounts.set(line.transactionUuid, cents((amounts.get(line.transactionUuid) ?? 0) + line.amount));
  }
  const detailsOf = (row: (typeof rows)[number]) =>
    row.details as { unitUuid?: string; bankUuid?: string; reference?: string };
  const units = new Map(
    (
      await findRecords(db, scope, 'units', [...new Set(rows.flatMap((r) => detailsOf(r).unitUuid ?? []))])
    ).map((u) => [u.uuid, u]),
  );
  return rows.map((row) => {
    const details = detailsOf(row);
    return {
      transactionUuid: row.uuid,
      date: row.date,
      unitUuid: details.unitUuid ?? '',
      unitNumber: unitNumberOf(units.get(details.unitUuid ?? '')),
      bankUuid: details.bankUuid ?? '',
      amount: amounts.get(row.uuid) ?? zeroCents,
      reference: details.reference ?? '',
      returned: returned.has(row.uuid),
    };
  });
}
