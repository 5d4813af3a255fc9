import { and, asc, eq } from 'drizzle-orm';
import {
  addDays,
  debitDay,
  languageOf,
  unitEditSchema,
  type BuildingSettings,
  type OtonomStatus,
} from '@copro/domain';
import type { DbOrTx, Tx } from '@copro/server/db/client';
import { padOrder, type LogSource } from '@copro/server/db/schema/index';
import { agreementFormPdf } from '@copro/server/modules/otonom/agreements/agreement-form';
import { uploadSignedAgreement } from '@copro/server/modules/otonom/agreements/signed-copy';
import type { OtonomContext } from '@copro/server/modules/otonom/context';
import { sendFile } from '@copro/server/modules/otonom/files/send-file';
import { runDebits } from '@copro/server/modules/otonom/orders/debit-run';
import { systemName, systemSource } from '@copro/server/modules/otonom/orders/debit-job';
import { moveOrder } from '@copro/server/modules/otonom/orders/move-order';
import type { PadOrderRow } from '@copro/server/modules/otonom/orders/order-view';
import type { PaymentPartner } from '@copro/server/modules/otonom/partner/partner';
import { savePadSettings } from '@copro/server/modules/otonom/settings/settings';
import { bankDetailsKey, uploadBankDetails } from '@copro/server/modules/payables/bank-details/bank-details';
import { personName } from '@copro/server/modules/registry/people';
import { editRecord, findRecord, type RecordRow } from '@copro/server/modules/registry/records';
import { unitCollection } from '@copro/server/modules/registry/units';
import type { BuildingRow } from '@copro/server/platform/access';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';
import type { Mailer } from '@copro/server/platform/mail';
import type { FileChanges } from '@copro/server/platform/storage';

/**
 * The pre-authorized debits of « Les Jardins du Parc » (DOMAIN 8), written through the services the
 * payments/otonom page, the unit's agreement card and the daily jobs call:
 * - before the year, the manager chose the partner's channel (settings), entered the bank details
 *   of 101 and 401, uploaded their signed agreements and switched their automatic payment on,
 *   which mailed the owners the written notice 20 days before the year's first debit (Rule H1);
 * - each month, the daily run created their debits on the payment day, which were sent the same
 *   day; the partner answered "withdrawn" the next business day (DOMAIN 8: the funds arrive then,
 *   the payment is posted) and "completed" the business day after. 401's debit of the month before
 *   this one came back NSF six days after it was taken, with the building's returned-payment fee.
 * The latest debits stay `toProcess` while the partner could not have answered yet (their debit
 * day, a weekend after it): left waiting longer, the penalty run would charge their owners a late
 * fee for money in flight. They are sent through the server's partner when it has one (npm start's
 * local test partner, which then answers them); the earlier months' files are not written: the
 * partner was never sent them, so their orders name no file (`fileUuid` null) and only their
 * statuses and postings tell the history.
 */

/** The building's partner settings (Building `otonom`): the demo's own ids, known to no real partner. */
export const demoOtonomSettings = {
  apiVersion: 'v202406',
  id: 'PARC-DEMO',
  clientId: 'demo-client-1',
  automaticallySend: { units: true, suppliers: false },
} as const satisfies BuildingSettings['otonom'];

/** The units that pay by pre-authorized debit, with their owners' accounts; 401's debit of last month came back. */
export const demoDebits = {
  units: [
    { number: '101', institution: '815', transit: '30001', account: '1234567' },
    { number: '401', institution: '815', transit: '30002', account: '7654321' },
  ],
  returned: '401',
} as const;

/** The notice went this many days before the year's first debit (Rule H1: at least 10). */
const noticeDaysBefore = 20;
/** The agreements were signed a few days before the notice. */
const signedDaysBefore = 25;
/** An NSF comes back this many days after the debit. */
const returnedAfterDays = 6;

/** A moment of `date` in the morning in Montréal (hour in UTC), never after `now`. */
const at = (date: string, hourUtc: number, now: Date): Date => {
  const moment = new Date(`${date}T${String(hourUtc).padStart(2, '0')}:00:00Z`);
  return moment < now ? moment : now;
};

/** The next weekday after `date` (the partner answers on business days; holidays aside). */
export function nextBusinessDay(date: string): string {
  let next = addDays(date, 1);
  const weekend = (d: string) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay());
  while (weekend(next)) next = addDays(next, 1);
  return next;
}

export interface DemoAgreementsInput {
  scope: YearScope;
  building: BuildingRow;
  /** The manager who does it all, as on the pages. */
  manager: LogSource;
  mailer: Mailer;
  /** The operating account: the debits land there. */
  bankUuid: string;
  /** The year's units, by number. */
  unit: (number: string) => RecordRow;
}

/**
 * What the manager did before the year (see the header): the settings, then for each unit its bank
 * details, its agreement form (generated with its account on it) uploaded back as the signed copy,
 * and its automatic payment switched on through the unit form's own write, whose gate checks all
 * of it and whose notice goes to the owners (the demo mailbox). Once the budget is applied: the
 * form and the notice state the monthly fee.
 */
export async function seedDemoAgreements(
  tx: Tx,
  files: FileChanges,
  input: DemoAgreementsInput,
): Promise<void> {
  const { scope, building, manager, mailer } = input;
  const signedOn = addDays(scope.fiscalYear, -signedDaysBefore);
  const noticeAt = new Date(`${addDays(scope.fiscalYear, -noticeDaysBefore)}T15:00:00Z`);
  const ctx: OtonomContext = {
    source: manager,
    sourceName: manager.name ?? systemName,
    building,
    mailer,
    now: new Date(`${signedOn}T14:00:00Z`),
  };
  await savePadSettings(
    tx,
    ctx,
    { channel: 'otonom', debitAmount: 'monthlyFee', bankUuid: input.bankUuid },
    null,
  );
  const key = await bankDetailsKey(tx);
  for (const payer of demoDebits.units) {
    const unit = input.unit(payer.number);
    const owners = Array.isArray(unit.data.owners) ? (unit.data.owners as { personUuid: string }[]) : [];
    const holder = owners[0] ? await findRecord(tx, scope, 'people', owners[0].personUuid) : null;
    await uploadBankDetails(
      tx,
      key,
      { buildingId: scope.buildingId, kind: 'unit', uuid: unit.uuid },
      manager,
      {
        institution: payer.institution,
        transit: payer.transit,
        account: payer.account,
        holderName: holder ? personName(holder.data) : `Unit ${payer.number}`,
      },
    );
    // The form the owners signed: the unit's own, as the card prints it (a stand-in for their signatures).
    const form = await agreementFormPdf(tx, building, unit.uuid, languageOf(building.locale), signedOn);
    await uploadSignedAgreement(
      tx,
      files,
      scope.buildingId,
      manager,
      unit.uuid,
      { fileName: form.fileName, mimeType: 'application/pdf', bytes: form.bytes },
      ctx.now,
    );
    const current = await findRecord(tx, scope, 'units', unit.uuid);
    if (!current) throw new Error(`demo debits: no unit ${payer.number}`);
    await editRecord(
      tx,
      scope,
      manager,
      unitCollection,
      unit.uuid,
      unitEditSchema.parse({ ...current.data, automaticPayment: true }),
      unitCollection.editableFields,
      { mailer, now: noticeAt },
    );
  }
}

export interface DemoDebitsInput {
  building: BuildingRow;
  mailer: Mailer;
  /** The server's partner (npm start's local test partner), or null: nothing is sent. */
  partner: PaymentPartner | null;
  /** The building's today and the real time: nothing is dated after them. */
  today: string;
  now: Date;
  /** The unit whose debit of this month comes back NSF, if any. */
  returnedUnitUuid: string | null;
}

/** What came back this month: the caller has its owner pay again. */
export interface DemoReturnedDebit {
  unitUuid: string;
  returnedOn: string;
}

/** The order as it stands, locked for its move (moveOrder's caller holds the lock). */
async function locked(tx: DbOrTx, order: PadOrderRow): Promise<PadOrderRow> {
  const [row] = await tx
    .select()
    .from(padOrder)
    .where(and(eq(padOrder.buildingId, order.buildingId), eq(padOrder.uuid, order.uuid)))
    .for('update');
  if (!row) throw new Error(`demo debits: no order ${order.reference}`);
  return row;
}

async function ordersOf(tx: DbOrTx, buildingId: string, month: string): Promise<PadOrderRow[]> {
  return tx
    .select()
    .from(padOrder)
    .where(
      and(eq(padOrder.buildingId, buildingId), eq(padOrder.month, month), eq(padOrder.direction, 'debit')),
    )
    .orderBy(asc(padOrder.reference));
}

/**
 * The debits of `month` (`YYYY-MM-01`) and what became of them up to today (see the header), as
 * the daily jobs and the partner's answers would have written them: each step a transaction of
 * its own, dated the day it happened.
 */
export async function seedDemoDebits(
  inTransaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>,
  input: DemoDebitsInput,
  month: string,
): Promise<DemoReturnedDebit | null> {
  const { building, today, now } = input;
  const system = (moment: Date): OtonomContext => ({
    source: systemSource,
    sourceName: systemName,
    building,
    mailer: input.mailer,
    now: moment,
  });
  // Every demo unit pays on the 1st (demo-registry.ts).
  const debitOn = debitDay(month.slice(0, 7), 1);
  if (debitOn > today) return null;
  const orders = await inTransaction(async (tx) => {
    await runDebits(tx, system(at(debitOn, 10, now)), building.id, debitOn);
    return ordersOf(tx, building.id, month.slice(0, 7));
  });
  if (orders.length === 0) return null;

  const withdrawnOn = nextBusinessDay(debitOn);
  const completedOn = nextBusinessDay(withdrawnOn);
  const answered = withdrawnOn <= today;
  const sendThroughPartner = !answered && input.partner !== null;
  const sent = await inTransaction(async (tx) => {
    const ctx = system(at(debitOn, 12, now));
    if (sendThroughPartner) {
      // As the automatic sending does: the file goes to the partner, which answers from then on.
      await sendFile(tx, ctx, input.partner, 'units');
      return ordersOf(tx, building.id, month.slice(0, 7));
    }
    const moved: PadOrderRow[] = [];
    for (const order of orders) {
      moved.push(await moveOrder(tx, ctx, await locked(tx, order), 'toProcess', { date: debitOn }));
    }
    return moved;
  });
  if (!answered) return null;

  const steps: { to: OtonomStatus; on: string }[] = [
    { to: 'withdrawalDone', on: withdrawnOn },
    { to: 'completed', on: completedOn },
  ];
  let returned: DemoReturnedDebit | null = null;
  for (const first of sent) {
    let order = first;
    for (const step of steps.filter((s) => s.on <= today)) {
      order = await inTransaction(async (tx) =>
        moveOrder(tx, system(at(step.on, 15, now)), await locked(tx, order), step.to, { date: step.on }),
      );
    }
    const returnedOn = addDays(debitOn, returnedAfterDays);
    const returnedUnit = input.returnedUnitUuid;
    if (!returnedUnit || order.unitUuid !== returnedUnit || returnedOn > today) continue;
    await inTransaction(async (tx) =>
      moveOrder(tx, system(at(returnedOn, 15, now)), await locked(tx, order), 'processedNSF', {
        returnCode: '901',
        date: returnedOn,
        chargeFee: true,
        // Not mailed today about a return of weeks ago (nor is 303's returned check, demo-year.ts).
        emailOwner: false,
      }),
    );
    returned = { unitUuid: returnedUnit, returnedOn };
  }
  return returned;
}
