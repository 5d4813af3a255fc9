import { eq } from 'drizzle-orm';
import {
  addDays,
  cents,
  fiscalMonths,
  languageOf,
  zeroCents,
  type Cents,
  type DepositView,
} from '@copro/domain';
import type { DbOrTx, Tx } from '@copro/server/db/client';
import { building, type LogSource } from '@copro/server/db/schema/index';
import { accountBalance } from '@copro/server/modules/ledger/index';
import type { PaymentPartner } from '@copro/server/modules/otonom/partner/partner';
import { billYear } from '@copro/server/modules/receivables/budget/billing';
import {
  applyBudget,
  getBudget,
  previewBudget,
  saveBudget,
} from '@copro/server/modules/receivables/budget/budgets';
import { postTransaction } from '@copro/server/modules/ledger/ledger';
import { chargePenalties } from '@copro/server/modules/receivables/penalties/penalty-run';
import { recordChecks } from '@copro/server/modules/receivables/checks';
import type { MoneyInContext } from '@copro/server/modules/receivables/context';
import { createDeposit } from '@copro/server/modules/receivables/deposits';
import { returnCheck } from '@copro/server/modules/receivables/returned-payments';
import { recordWireTransfer } from '@copro/server/modules/receivables/wire-transfers';
import { listRecords, type RecordRow } from '@copro/server/modules/registry/records';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';
import type { Mailer } from '@copro/server/platform/mail';
import type { FileChanges } from '@copro/server/platform/storage';
import { demoDebits, seedDemoAgreements, seedDemoDebits } from './demo-otonom';

/**
 * How the demo building's units pay (numbers of `demo-registry.ts`): 101 and 401 by pre-authorized
 * debit on the 1st (demo-otonom.ts; 401's of last month came back NSF and was paid again by wire),
 * two by wire transfer, 201 (the demo owner's) by the post-dated checks handed in for the year, the
 * others by a check each month, deposited together. 303's check of the last month that allows it
 * comes back (NSF) and is paid again by wire; 403 stopped paying three months ago and is charged
 * late fees and interest.
 */
export const demoPayers = {
  wire: ['202', '603'],
  postDatedChecks: '201',
  returnedCheck: '303',
  late: '403',
} as const;

/** Annual budgeted expenses, in dollars, by chart key: they add up to the condo fees. */
const budgetedExpenses: [string, number][] = [
  ['insurance', 18_000],
  ['electricity', 9_600],
  ['heating', 14_400],
  ['maintenance', 12_000],
  ['cleaning', 9_600],
  ['snowRemoval', 7_200],
  ['landscaping', 3_000],
  ['elevator', 6_000],
  ['management', 15_600],
  ['professionalFees', 2_500],
  ['bankFees', 600],
  ['officeExpenses', 1_500],
];
const condoFees = 100_000_00;
/** 12 % of the contributions: above the 5 % minimum of the contingency fund. */
const contingencyFund = 12_000_00;

export interface DemoYearPeople {
  admin: LogSource;
  accountant: LogSource;
}

/** What the year is written with beside the database's short transactions. */
export interface DemoYearServices {
  mailer: Mailer;
  /** A short transaction that may also write files (the signed agreements). */
  withFiles: <T>(work: (tx: Tx, files: FileChanges) => Promise<T>) => Promise<T>;
  /** The server's payment partner when it is npm start's local test partner, else null. */
  partner: PaymentPartner | null;
  /** The real time: no step of the year is dated after it. */
  now: Date;
}

/**
 * A year of « Les Jardins du Parc » up to `today` (the building's date), written through the
 * services the app itself calls: the budget applied from the year's start, each month billed on
 * its 1st, the payments of each month, one deposit of checks per month, a returned check with its
 * fee, the pre-authorized debits of two units (demo-otonom.ts) with one returned, the accountant's
 * transfers to the contingency fund account, then the penalty run of `today`.
 * Every date is on or before `today`: a month's checks not deposited yet wait as recorded, and 201's
 * post-dated checks wait for their date. The bills (the bank's fee and the insurance premium among
 * them) are demo-payables.ts's.
 */
export async function seedDemoYear(
  inTransaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>,
  services: DemoYearServices,
  scope: YearScope,
  today: string,
  people: DemoYearPeople,
): Promise<void> {
  // In short database transactions (below): on the embedded database, requests served meanwhile
  // wait for one of them at most, not for the whole year's writing.
  const setup = await inTransaction(async (tx) => {
    const [row] = await tx.select().from(building).where(eq(building.id, scope.buildingId));
    if (!row) throw new Error('demo year: no building');
    const french = languageOf(row.locale) === 'fr';
    const ctx: MoneyInContext = { scope, source: people.admin, building: row, mailer: services.mailer };
    const monthName = (month: string) =>
      new Intl.DateTimeFormat(french ? 'fr-CA' : 'en-CA', { month: 'long', timeZone: 'UTC' }).format(
        new Date(`${month}T12:00:00Z`),
      );

    const byKey = async (collection: 'categories' | 'banks') => {
      const records = await listRecords(tx, scope, collection);
      return (key: string): RecordRow & { aid: number } => {
        const record = records.find((r) => r.data.systemKey === key);
        if (!record?.aid) throw new Error(`demo year: no ${key} in ${collection}`);
        return record as RecordRow & { aid: number };
      };
    };
    const category = await byKey('categories');
    const bank = await byKey('banks');
    const operating = bank('operating');
    const fundAccount = bank('contingencyFund');
    const units = new Map((await listRecords(tx, scope, 'units')).map((u) => [u.number ?? '', u]));
    const unit = (number: string): RecordRow => {
      const found = units.get(number);
      if (!found) throw new Error(`demo year: no unit ${number}`);
      return found;
    };

    // The budget, applied from the year's first day by the admin.
    const draft = await saveBudget(
      tx,
      scope,
      people.admin,
      {
        contributions: [
          {
            name: french ? 'Charges communes' : 'Condo fees',
            amount: cents(condoFees),
            category: category('condoFees').uuid,
            appliesTo: 'all:units',
          },
          {
            name: french ? 'Fonds de prévoyance' : 'Contingency fund',
            amount: cents(contingencyFund),
            category: category('contingencyFundContributions').uuid,
            appliesTo: 'all:units',
          },
        ],
        budgetedAmounts: Object.fromEntries(
          budgetedExpenses.map(([key, dollars]) => [category(key).uuid, cents(dollars * 100)]),
        ),
        budgetedComments: {
          [category('insurance').uuid]: french
            ? 'Renouvellement en mars, prime payée en un versement'
            : 'Renewed in March, premium paid at once',
        },
      },
      null,
    );
    await applyBudget(tx, scope, people.admin, draft.uuid, scope.fiscalYear);
    const preview = await previewBudget(tx, scope, await getBudget(tx, scope, draft.uuid));
    const feeOf = new Map(preview.members.map((m) => [m.uuid, m.monthly]));
    const fee = (u: RecordRow, index: number): Cents => feeOf.get(u.uuid)?.[index] ?? zeroCents;

    const yearMonths = fiscalMonths(scope.fiscalYear);
    const months = yearMonths.filter((month) => month <= today);
    const automatic = demoDebits.units.map((payer) => unit(payer.number));
    const special = new Set<string>([...demoPayers.wire, demoPayers.postDatedChecks]);
    const byCheck = [...units.values()].filter((u) => !special.has(u.number ?? '') && !automatic.includes(u));
    // 403 pays its last check three months before today's.
    const lastPaidByLate = months.length - 4;
    // 303's check comes back six days after the last deposit that leaves it time to pay again in its grace period.
    const returnedIndex = months.findLastIndex((month) => addDays(month, 9) <= today);
    const checkNumber = (u: RecordRow, index: number) => String(100 * Number(u.number) + index + 1);

    // 201's owner handed in the year's post-dated checks in January.
    const owner = unit(demoPayers.postDatedChecks);
    const postDated = await recordChecks(tx, ctx, {
      unitUuid: owner.uuid,
      checks: yearMonths.map((month, index) => ({
        number: String(1001 + index),
        amount: fee(owner, index),
        date: month,
      })),
      notes: french ? 'Chèques postdatés pour l’année' : 'Post-dated checks for the year',
    });
    return {
      row,
      french,
      ctx,
      monthName,
      operating,
      fundAccount,
      unit,
      fee,
      yearMonths,
      months,
      byCheck,
      lastPaidByLate,
      returnedIndex,
      checkNumber,
      postDated,
    };
  });
  const {
    row,
    french,
    ctx,
    monthName,
    operating,
    fundAccount,
    unit,
    fee,
    yearMonths,
    months,
    byCheck,
    lastPaidByLate,
    returnedIndex,
    checkNumber,
    postDated,
  } = setup;

  // Before the year, with the budget known: the owners of 101 and 401 signed up for pre-authorized
  // debits, and were sent the written notice of their first debit.
  await services.withFiles((tx, files) =>
    seedDemoAgreements(tx, files, {
      scope,
      building: row,
      manager: people.admin,
      mailer: services.mailer,
      bankUuid: operating.uuid,
      unit,
    }),
  );
  const returnedDebit = unit(demoDebits.returned);
  // 401's debit comes back in the month before this one, so it is settled before today.
  const returnedDebitIndex = months.length - 2;

  // Each month is written in a few short transactions (its fees, its payments, its deposit, a
  // returned check, its writings): on the embedded database a request waits for one of them at most.
  for (const [index, month] of months.entries()) {
    // As the daily job does on the 1st.
    await inTransaction((tx) => billYear(tx, scope, month, row.locale));
    // As the daily jobs and the partner's answers do: the month's debits, sent and collected.
    const debitReturned = await seedDemoDebits(
      inTransaction,
      {
        building: row,
        mailer: services.mailer,
        partner: services.partner,
        today,
        now: services.now,
        returnedUnitUuid: index === returnedDebitIndex ? returnedDebit.uuid : null,
      },
      month,
    );
    if (debitReturned) {
      // The owner pays again by wire what the account now says: the month and the returned-payment fee.
      const paidOn = addDays(month, 9);
      await inTransaction(async (tx) => {
        const owed = returnedDebit.aid === null ? 0 : await accountBalance(tx, scope, returnedDebit.aid);
        if (owed <= 0 || paidOn > today) return;
        await recordWireTransfer(tx, ctx, {
          unitUuid: returnedDebit.uuid,
          bankUuid: operating.uuid,
          amount: cents(owed),
          date: paidOn,
          reference: `${returnedDebit.number}-NSF`,
        });
      });
    }
    await inTransaction(async (tx) => {
      const wireDate = addDays(month, 3);
      if (wireDate <= today) {
        for (const number of demoPayers.wire) {
          await recordWireTransfer(tx, ctx, {
            unitUuid: unit(number).uuid,
            bankUuid: operating.uuid,
            amount: fee(unit(number), index),
            date: wireDate,
            reference: `${number}-${month.slice(0, 7)}`,
          });
        }
      }
    });
    const payers = byCheck.filter((u) => u.number !== demoPayers.late || index <= lastPaidByLate);
    const checks = payers.map((u, k) => ({
      unitUuid: u.uuid,
      number: checkNumber(u, index),
      amount: fee(u, index),
      date: addDays(month, k % 3),
    }));
    const depositDate = addDays(month, 4);
    const deposit = await inTransaction(async (tx): Promise<DepositView | null> => {
      if (depositDate <= today) {
        return createDeposit(tx, ctx, {
          description: french ? `Chèques de ${monthName(month)}` : `${monthName(month)} checks`,
          date: depositDate,
          bankUuid: operating.uuid,
          checkUuids: [postDated[index]?.uuid ?? ''],
          newChecks: checks,
          cash: [],
        });
      }
      // This month's checks arrived and wait for the deposit.
      for (const check of checks.filter((c) => c.date <= today)) {
        await recordChecks(tx, ctx, { unitUuid: check.unitUuid, checks: [check] });
      }
      return null;
    });

    const returned = unit(demoPayers.returnedCheck);
    const item =
      index === returnedIndex ? deposit?.items.find((i) => i.unitUuid === returned.uuid) : undefined;
    const { checkUuid, checkNumber: returnedNumber } = item ?? {};
    if (item && checkUuid && returnedNumber) {
      await inTransaction(async (tx) => {
        const { fee: charged } = await returnCheck(tx, ctx, {
          bankUuid: operating.uuid,
          unitUuid: returned.uuid,
          amount: item.amount,
          checkNumber: returnedNumber,
          checkUuid,
          date: addDays(month, 6),
          chargeFee: true,
          emailOwner: false,
        });
        const feeAmount = charged?.subtransactions.find((l) => l.amount > 0)?.amount ?? 0;
        await recordWireTransfer(tx, ctx, {
          unitUuid: returned.uuid,
          bankUuid: operating.uuid,
          amount: cents(item.amount + feeAmount),
          date: addDays(month, 9),
          reference: `${returned.number}-NSF`,
        });
      });
    }

    // The accountant's writing of each quarter: the contingency contributions moved to the fund's
    // own account (Quebec keeps them apart).
    const monthEnd = addDays(yearMonths[index + 1] ?? addDays(month, 31), -1);
    if (monthEnd > today || index % 3 !== 2) continue;
    await inTransaction(async (tx) => {
      const quarter = Math.round(contingencyFund / 4);
      await postTransaction(tx, scope, people.accountant, {
        date: monthEnd,
        description: french
          ? `Virement au compte du fonds de prévoyance (trimestre ${(index + 1) / 3})`
          : `Transfer to the contingency fund account (quarter ${(index + 1) / 3})`,
        kind: 'bankTransfer',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: fundAccount.aid, amount: cents(quarter) },
          { aid: operating.aid, amount: cents(-quarter) },
        ],
      });
    });
  }

  // As the daily job does: the late fees and interest of 403.
  await inTransaction((tx) => chargePenalties(tx, scope, today, { kind: 'system', id: 'queue' }));
}
