import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  addDays,
  cancellationReason,
  describeTransaction,
  maxPeoplePerRole,
  negateCents,
  type CancellationMeaning,
  type FieldIssue,
  type Language,
  type TransactionMeaning,
  type UnitEdit,
  type UnitPerson,
  type UnitSaleInput,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear, unitSale, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { accountBalance, allocateLedgerAccount, postTransaction } from '../../ledger';
import { personName } from '../../registry';
import { editRecord, findRecord, findRecords, setRecordAccount } from '../../registry';
import { missingReferences } from '../../registry';
import { unitCollection } from '../../registry';
import { ownerLinksOf } from './accounts';
import { moveTransactions } from './move-transactions';

/** The date inside the year, after the unit's previous sale; the new owners, each once, people of the year. */
async function saleProblems(
  tx: DbOrTx,
  scope: YearScope,
  unitUuid: string,
  input: UnitSaleInput,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const [year] = await tx
    .select({ endDate: fiscalYear.endDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (input.date < scope.fiscalYear) issues.push({ path: ['date'], key: 'validation.dateTooEarly' });
  if (year && input.date > year.endDate) issues.push({ path: ['date'], key: 'validation.dateTooLate' });
  // Any year's: a sale of an earlier year, whose account the unit now has, comes before this one too.
  const [previous] = await tx
    .select({ date: unitSale.date })
    .from(unitSale)
    .where(and(eq(unitSale.buildingId, scope.buildingId), eq(unitSale.unitUuid, unitUuid)))
    .orderBy(desc(unitSale.date))
    .limit(1);
  if (previous && input.date <= previous.date)
    issues.push({
      path: ['date'],
      key: 'sales.errors.dateBeforePreviousSale',
      params: { date: previous.date },
    });
  if (new Set(input.newOwners).size !== input.newOwners.length)
    issues.push({ path: ['newOwners'], key: 'registry.listedTwice' });
  issues.push(
    ...(await missingReferences(
      tx,
      scope,
      'people',
      input.newOwners.map((uuid, i) => ({ uuid, path: ['newOwners', i] })),
    )),
  );
  return issues;
}

/**
 * The former owners' links end the day before the sale; links that would begin only on or after
 * it (entered ahead of time) give way to the new owners, who are owners from the sale date.
 */
function ownersAfterSale(links: readonly UnitPerson[], input: UnitSaleInput) {
  const isCurrent = (link: UnitPerson) => link.to === undefined || link.to >= input.date;
  const former = links.filter(isCurrent);
  const end = addDays(input.date, -1);
  const kept = links
    .filter((link) => !(isCurrent(link) && link.from !== undefined && link.from > end))
    .map((link) => (isCurrent(link) ? { ...link, to: end } : link));
  const owners = [...kept, ...input.newOwners.map((personUuid) => ({ personUuid, from: input.date }))];
  return { former, owners };
}

async function named(tx: DbOrTx, scope: YearScope, uuids: readonly string[]) {
  const people = new Map((await findRecords(tx, scope, 'people', uuids)).map((p) => [p.uuid, p]));
  return [...new Set(uuids)].map((personUuid) => ({
    personUuid,
    name: personName(people.get(personUuid)?.data ?? {}),
  }));
}

/**
 * DOMAIN 6, a sale, in the caller's transaction: the unit gets a new ledger account and the new
 * owners from the sale date; the old account's transactions from that date move to the new one;
 * the former owners' balance is carried to the new account (and the old one closed) or left with
 * them to be settled. `language` is the building's: the words written in the ledger beside what
 * they mean, which each reader reads in their own language.
 */
export async function sellUnit(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  unitUuid: string,
  input: UnitSaleInput,
  language: Language,
): Promise<void> {
  await lockWritableYear(tx, scope);
  const unit = await findRecord(tx, scope, 'units', unitUuid, true);
  if (!unit || unit.aid === null) throw new AppError('notFound');
  const issues = await saleProblems(tx, scope, unitUuid, input);
  const { former, owners } = ownersAfterSale(ownerLinksOf(unit), input);
  if (owners.length > maxPeoplePerRole)
    issues.push({
      path: ['newOwners'],
      key: 'sales.errors.tooManyOwners',
      params: { max: maxPeoplePerRole },
    });
  if (issues.length > 0) throw new AppError('validation', issues);

  const oldAid = unit.aid;
  const newAid = await allocateLedgerAccount(tx, scope.buildingId, 'unit', unitUuid);
  const accounts = { oldAid, newAid };
  const moved: CancellationMeaning = { kind: 'unitSold' };
  await moveTransactions(tx, scope, source, accounts, input.date, {
    reason: cancellationReason(moved, language),
    meaning: moved,
  });
  // What is left on the old account is dated before the sale: the former owners' balance.
  const balance = await accountBalance(tx, scope, oldAid);

  // The registry's own edit path: it checks the people, derives ownersEmails and logs the change.
  // Stored data went through the unit schema on every write, so it has the edit's shape.
  // The former owners' pre-authorized debit agreement does not bind the new ones (DOMAIN 8): the
  // sale stops automatic payment, and the new owners sign their own before it starts again.
  await editRecord(
    tx,
    scope,
    source,
    unitCollection,
    unitUuid,
    { ...(unit.data as UnitEdit), owners, automaticPayment: false },
    ['owners', 'automaticPayment'],
  );
  await setRecordAccount(tx, scope, 'units', unitUuid, newAid);

  if (input.balance === 'carry' && balance !== 0) {
    const meaning: TransactionMeaning = { kind: 'balanceTransfer', aid: oldAid, unit: unit.number ?? '' };
    await postTransaction(
      tx,
      scope,
      source,
      {
        date: input.date,
        description: describeTransaction(meaning, language),
        kind: 'unitBalanceTransfer',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: newAid, amount: balance },
          { aid: oldAid, amount: negateCents(balance) },
        ],
      },
      { meaning },
    );
  }
  // Carried, or nothing to settle: the former owners' account has nothing left and closes now.
  const closeNow = input.balance === 'carry' || balance === 0;
  const saleUuid = randomUUID();
  await tx.insert(unitSale).values({
    buildingId: scope.buildingId,
    uuid: saleUuid,
    fiscalYear: scope.fiscalYear,
    unitUuid,
    date: input.date,
    oldAid,
    newAid,
    balanceOption: input.balance,
    balanceAtSale: balance,
    formerOwners: await named(
      tx,
      scope,
      former.map((link) => link.personUuid),
    ),
    newOwners: await named(tx, scope, input.newOwners),
    soldAndNeedToSetBalanceToZero: !closeNow,
    closedAt: closeNow ? new Date() : null,
    createdBy: source,
  });
  const label = unit.number ?? '';
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'unitSold',
    source,
    message: `Unit sold: ${label} on ${input.date} (account ${oldAid} → ${newAid}, balance ${balance}, ${input.balance})`,
    metadata: {
      unit: unitUuid,
      unitNumber: label,
      date: input.date,
      oldAid,
      newAid,
      balance,
      option: input.balance,
      fiscalYear: scope.fiscalYear,
    },
    indexes: [unitUuid, saleUuid],
  });
  if (closeNow) await logClosed(tx, scope, source, unitUuid, label, oldAid);
  await publish(tx, { buildingId: scope.buildingId, collection: 'units', ids: [unitUuid] });
}

export async function logClosed(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  unitUuid: string,
  unitNumber: string,
  aid: number,
): Promise<void> {
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'unitAccountClosed',
    source,
    message: `Unit account closed: ${unitNumber} (account ${aid})`,
    metadata: { unit: unitUuid, unitNumber, aid, fiscalYear: scope.fiscalYear },
    indexes: [unitUuid],
  });
}
