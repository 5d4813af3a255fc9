import { eq } from 'drizzle-orm';
import {
  addDays,
  billbackSchema,
  cents,
  fiscalMonths,
  invoicePostingLines,
  invoiceTaxesFor,
  languageOf,
  recurringBillSchema,
  supplierInvoiceSchema,
  supplierPaymentSchema,
  type SupplierInvoiceView,
  type SupplierPaymentMethod,
  type SupplierPaymentView,
} from '@copro/domain';
import type { Tx } from '@copro/server/db/client';
import { building, type LogSource } from '@copro/server/db/schema/index';
import { setCheckNumbering } from '@copro/server/modules/payables/checks/check-numbering';
import { printChecks } from '@copro/server/modules/payables/checks/print-checks';
import type { PayablesContext } from '@copro/server/modules/payables/context';
import { addBillbacks } from '@copro/server/modules/payables/invoices/billbacks';
import { createInvoice } from '@copro/server/modules/payables/invoices/invoices';
import { createSupplierPayment } from '@copro/server/modules/payables/payments/create-payment';
import { comingSunday } from '@copro/server/modules/payables/payments/dashboard';
import { decidePayment } from '@copro/server/modules/payables/payments/decisions';
import { createRecurringBill, setBillingDays } from '@copro/server/modules/payables/recurring/bills';
import { postRecurringBills } from '@copro/server/modules/payables/recurring/run';
import { recordWireTransfer } from '@copro/server/modules/receivables/wire-transfers';
import { listRecords, type RecordRow } from '@copro/server/modules/registry/records';
import type { BuildingRow } from '@copro/server/platform/access';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';
import type { Platform } from '@copro/server/platform/platform';
import type { SessionUser } from '@copro/server/platform/routes';

/**
 * The payables of « Les Jardins du Parc » up to `today` (the building's date), written through the
 * services the app itself calls, so they are what the app would have made. Month after month:
 * Hydro-Québec's bill every two months (paid by pre-authorized debit), the cleaning company's each
 * month (paid every two months by one check), the snow removal installments (by check). Checks and
 * wire transfers need the board's two approvals (demo.ts): both approvers approve them, and the
 * checks are printed. Around today, whatever the date: a plumber's repair partly billed back to the
 * unit that leaked (which pays it back), with a credit note used by its payment; an elevator repair
 * paid by wire; this month's cleaning and Hydro-Québec bills unpaid and due by Sunday at the latest
 * (the dashboard's bills to pay this week); and a plumber's check waiting for its second approval,
 * that of approver@example.com. From March 15, the insurance renewal, paid by wire. Two recurring
 * bills (the elevator contract, paid by pre-authorized debit, and the building's own bank fee) are
 * posted by the daily run up to today. Early in January there are only a few days to show.
 */

/** Who writes the payables: the admin enters and pays, the two approvers decide. */
export interface DemoPayablesPeople {
  admin: LogSource;
  approver: LogSource;
  approverWrite: LogSource;
}

/** Unit whose water heater leaked: the plumber's repair of it is billed back to it. */
export const demoLeakUnit = '502';

/** Hydro-Québec's monthly bills before taxes, January to December: heated corridors in winter. */
const electricity = [
  970_42, 912_88, 803_15, 651_27, 530_94, 485_61, 506_77, 502_33, 540_19, 631_48, 775_60, 891_21,
];
const cleaningFee = 700_00;
const snowInstallment = 2_090_00;
/** The snow season's three installments, in November, January and March, by month number. */
const snowSeason: Record<number, number> = { 11: 1, 1: 2, 3: 3 };
/** Premium and the 9 % tax on insurance premiums (no GST or QST on insurance): $17,640. */
const insurancePremium = 16_183_49;
const insurancePremiumTax = 1_456_51;

type Line = { category: string; description: string; amount: number };

interface PlannedInvoice {
  supplier: string;
  number: string;
  date: string;
  dueDate: string;
  lines: Line[];
  /** Insurance bears no GST or QST. */
  untaxed?: boolean;
  creditNote?: boolean;
}

const sessionUserOf = (source: LogSource): SessionUser => ({
  id: source.id,
  email: source.email ?? '',
  name: source.name ?? '',
  locale: null,
  emailVerified: true,
});

export async function seedDemoPayables(
  inTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  platform: Pick<Platform, 'mailer' | 'storage' | 'config' | 'clock'>,
  scope: YearScope,
  today: string,
  people: DemoPayablesPeople,
): Promise<void> {
  const publicUrl = platform.config.publicUrl;
  const payablesContext = (b: BuildingRow, source: LogSource): PayablesContext => ({
    scope,
    source,
    user: source.kind === 'user' ? sessionUserOf(source) : null,
    building: b,
    mailer: platform.mailer,
  });
  const setup = await inTransaction(async (tx) => {
    const [row] = await tx.select().from(building).where(eq(building.id, scope.buildingId));
    if (!row) throw new Error('demo payables: no building');
    const byCategory = new Map<string, RecordRow>();
    for (const c of await listRecords(tx, scope, 'categories')) {
      if (typeof c.data.systemKey === 'string') byCategory.set(c.data.systemKey, c);
    }
    const categoryOf = (key: string): RecordRow => {
      const found = byCategory.get(key);
      if (!found) throw new Error(`demo payables: no category ${key}`);
      return found;
    };
    // Each demo supplier is known by the expense category it bills (demo-registry.ts).
    const suppliers = await listRecords(tx, scope, 'suppliers');
    const supplierOf = (key: string): RecordRow => {
      const found = suppliers.find((s) => s.data.category === categoryOf(key).uuid);
      if (!found) throw new Error(`demo payables: no supplier for ${key}`);
      return found;
    };
    const operating = (await listRecords(tx, scope, 'banks')).find((b) => b.data.systemKey === 'operating');
    const leakUnit = (await listRecords(tx, scope, 'units')).find((u) => u.number === demoLeakUnit);
    if (!operating || !leakUnit) throw new Error('demo payables: no operating bank or unit');

    const ctx = payablesContext(row, people.admin);
    // The new check stock starts at 1001.
    await setCheckNumbering(tx, { buildingId: scope.buildingId, source: people.admin }, operating, 1001);
    // The elevator contract is billed on the 1st and debited on the 15th; the bank's fee at each
    // month's end (the 31st is a short month's last day).
    const atlas = supplierOf('elevator');
    const french = languageOf(row.locale) === 'fr';
    await setBillingDays(tx, ctx, { supplierUuid: atlas.uuid, days: [1, 15] });
    await setBillingDays(tx, ctx, { days: [31] });
    await createRecurringBill(
      tx,
      ctx,
      recurringBillSchema.parse({
        supplierUuid: atlas.uuid,
        description: french
          ? 'Contrat d’entretien mensuel des ascenseurs'
          : 'Monthly elevator maintenance contract',
        amount: 459_90,
        billingDay: 1,
        paymentDay: 15,
        categoryUuid: categoryOf('elevator').uuid,
        counterpartUuid: operating.uuid,
        paymentMethod: 'pre-authorized-debit',
        startDate: scope.fiscalYear,
      }),
    );
    await createRecurringBill(
      tx,
      ctx,
      recurringBillSchema.parse({
        description: french ? 'Frais mensuels du forfait bancaire' : 'Monthly bank plan fee',
        amount: 45_00,
        billingDay: 31,
        categoryUuid: categoryOf('bankFees').uuid,
        counterpartUuid: operating.uuid,
        paymentMethod: 'pre-authorized-debit',
        startDate: scope.fiscalYear,
      }),
    );
    // As the daily job does, up to today.
    await postRecurringBills(tx, scope.buildingId, today, { kind: 'system', id: 'queue' });
    return { row, french, categoryOf, supplierOf, operating, leakUnit };
  });
  const { row, french, categoryOf, supplierOf, operating, leakUnit } = setup;
  const fr = (frenchText: string, englishText: string) => (french ? frenchText : englishText);
  /** The services answer views for a reader: the admin and the approvers, in the building's language. */
  const language = languageOf(row.locale);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(french ? 'fr-CA' : 'en-CA', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${month}T12:00:00Z`));
  /** "janvier et février 2026", "December 2025 and January 2026". */
  const twoMonths = ([first = '', second = '']: string[], locale: string): string => {
    const format = (month: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${month}T12:00:00Z`));
    const sameYear = first.slice(0, 4) === second.slice(0, 4);
    const and = locale.startsWith('fr') ? 'et' : 'and';
    return `${format(first, sameYear ? { month: 'long' } : { month: 'long', year: 'numeric' })} ${and} ${format(second, { month: 'long', year: 'numeric' })}`;
  };

  /**
   * The approvals of long ago were asked by mail at the time: only the payment still waiting
   * today has its mails in the demo mailbox.
   */
  const quietRow: BuildingRow = { ...row, sendNoEmails: true };
  const admin = payablesContext(quietRow, people.admin);

  const enter = (tx: Tx, plan: PlannedInvoice): Promise<SupplierInvoiceView> => {
    const lines = plan.lines.map((l) => ({
      categoryUuid: categoryOf(l.category).uuid,
      description: l.description,
      amount: cents(l.amount),
    }));
    const subtotal = cents(lines.reduce((sum, l) => sum + l.amount, 0));
    return createInvoice(
      tx,
      admin,
      platform.storage,
      supplierInvoiceSchema.parse({
        supplierUuid: supplierOf(plan.supplier).uuid,
        number: plan.number,
        date: plan.date,
        dueDate: plan.dueDate,
        creditNote: plan.creditNote,
        lines,
        taxes: plan.untaxed ? [] : invoiceTaxesFor(subtotal, row.taxes),
      }),
    );
  };

  /** The checks approved, printed at the end in the order of their dates. */
  const printed: SupplierPaymentView[] = [];
  /**
   * A payment of whole invoices by the admin, less the credit notes it uses. Checks and wire
   * transfers wait for the board: `approvals` of the two approvers (approver-write first) approve
   * them, which posts them once both did. With one, the payment still waits today, and its
   * approvers are mailed.
   */
  const pay = async (
    tx: Tx,
    input: {
      supplier: string;
      date: string;
      method: SupplierPaymentMethod;
      invoices: SupplierInvoiceView[];
      creditNotes?: SupplierInvoiceView[];
      approvals: 0 | 1 | 2;
    },
  ): Promise<void> => {
    const creator = input.approvals === 1 ? payablesContext(row, people.admin) : admin;
    const saved = await createSupplierPayment(
      tx,
      creator,
      publicUrl,
      { userId: people.admin.id, canApprove: false, language },
      supplierPaymentSchema.parse({
        supplierUuid: supplierOf(input.supplier).uuid,
        bankUuid: operating.uuid,
        date: input.date,
        paymentMethod: input.method,
        invoices: input.invoices.map((i) => ({ invoiceUuid: i.uuid, amount: i.total })),
        creditNotes: (input.creditNotes ?? []).map((i) => ({ invoiceUuid: i.uuid, amount: i.total })),
        // Paid as the board decided, even when the account runs low until the next fees come in.
        acceptLowBalance: true,
      }),
    );
    if (!saved.payment) throw new Error('demo payables: payment not saved');
    let payment = saved.payment;
    for (const approver of [people.approverWrite, people.approver].slice(0, input.approvals)) {
      payment = await decidePayment(
        tx,
        payablesContext(quietRow, approver),
        publicUrl,
        { userId: approver.id, canApprove: true, language },
        payment.uuid,
        { decision: 'approve' },
      );
    }
    if (payment.paymentMethod === 'check' && payment.status === 'posted') printed.push(payment);
  };

  const start = scope.fiscalYear;
  /** A day of the year up to today: the year may have begun only days ago. */
  const within = (date: string): string => (date < start ? start : date > today ? today : date);
  const sooner = (a: string, b: string): string => (a < b ? a : b);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const sunday = comingSunday(today);

  // Month after month, the bills and their payments made by today. Hydro-Québec bills every two
  // months (this month among them), each bill debited on its due date; the cleaning company is
  // paid every two months (last month among them) by one check for the bills since the last one.
  // This month's two bills are not paid yet, and due by Sunday at the latest.
  let cleaningDue: SupplierInvoiceView[] = [];
  for (const month of fiscalMonths(start).filter((m) => m <= today)) {
    const current = month === thisMonth;
    const index = Number(month.slice(5, 7));
    const monthsAgo = Number(thisMonth.slice(5, 7)) - index;
    // A transaction for each supplier's bill and payment: requests meanwhile wait for one at most.
    if (monthsAgo % 2 === 0) {
      await inTransaction(async (tx) => {
        const billDate = current ? sooner(addDays(month, 5), today) : addDays(month, 5);
        const before = [addDays(month, -40), addDays(month, -10)].map((d) => `${d.slice(0, 7)}-01`);
        const hydro = await enter(tx, {
          supplier: 'electricity',
          number: `HQ-${month.slice(0, 7)}`,
          date: billDate,
          dueDate: current ? sooner(addDays(billDate, 20), sunday) : addDays(month, 25),
          lines: [
            {
              category: 'electricity',
              description: fr(
                `Électricité des aires communes, ${twoMonths(before, 'fr-CA')}`,
                `Common areas electricity, ${twoMonths(before, 'en-CA')}`,
              ),
              amount: before.reduce((sum, m) => sum + (electricity[Number(m.slice(5, 7)) - 1] ?? 0), 0),
            },
          ],
        });
        if (!current) {
          await pay(tx, {
            supplier: 'electricity',
            date: addDays(month, 25),
            method: 'pre-authorized-debit',
            invoices: [hydro],
            approvals: 0,
          });
        }
      });
    }
    await inTransaction(async (tx) => {
      const cleaning = await enter(tx, {
        supplier: 'cleaning',
        number: `EME-${month.slice(0, 7)}`,
        date: month,
        dueDate: current ? sooner(addDays(month, 14), sunday) : addDays(month, 14),
        lines: [
          {
            category: 'cleaning',
            description: fr(
              `Entretien ménager des aires communes, ${monthName(month)}`,
              `Common areas cleaning, ${monthName(month)}`,
            ),
            amount: cleaningFee,
          },
        ],
      });
      cleaningDue.push(cleaning);
      if (monthsAgo % 2 === 1) {
        await pay(tx, {
          supplier: 'cleaning',
          date: addDays(month, 9),
          method: 'check',
          invoices: cleaningDue,
          approvals: 2,
        });
        cleaningDue = [];
      }
    });
    const installment = snowSeason[index];
    if (installment) {
      await inTransaction(async (tx) => {
        const year = Number(month.slice(0, 4));
        const season = installment === 1 ? `${year}-${year + 1}` : `${year - 1}-${year}`;
        const snow = await enter(tx, {
          supplier: 'snowRemoval',
          number: `DRN-${season}-${installment}`,
          date: month,
          dueDate: addDays(month, 14),
          lines: [
            {
              category: 'snowRemoval',
              description: fr(
                `Contrat de déneigement ${season}, versement ${installment} de 3`,
                `Snow removal contract ${season}, installment ${installment} of 3`,
              ),
              amount: snowInstallment,
            },
          ],
        });
        if (addDays(month, 9) <= today) {
          await pay(tx, {
            supplier: 'snowRemoval',
            date: addDays(month, 9),
            method: 'check',
            invoices: [snow],
            approvals: 2,
          });
        }
      });
    }
  }

  // The repair of a leak from 502's water heater, billed back to 502 (the repair in the unit, with
  // its taxes), which pays it back; the part the plumber took back is a credit note, used by the
  // payment of the repair.
  await inTransaction(async (tx) => {
    const leakDate = within(addDays(today, -40));
    const leak = await enter(tx, {
      supplier: 'maintenance',
      number: 'PSL-2318',
      date: leakDate,
      dueDate: addDays(leakDate, 30),
      lines: [
        {
          category: 'maintenance',
          description: fr(
            `Réparation d’une fuite du chauffe-eau de l’unité ${demoLeakUnit}`,
            `Repair of a leaking water heater in unit ${demoLeakUnit}`,
          ),
          amount: 520_00,
        },
        {
          category: 'maintenance',
          description: fr(
            'Recherche de fuite et inspection des conduites communes',
            'Leak detection and inspection of the common pipes',
          ),
          amount: 260_00,
        },
      ],
    });
    const [inUnit = cents(0)] = invoicePostingLines(leak.lines, leak.taxes);
    const billbackDate = within(addDays(leakDate, 5));
    await addBillbacks(
      tx,
      admin,
      leak.uuid,
      billbackSchema.parse({
        amount: inUnit,
        rule: 'amounts',
        units: [{ unitUuid: leakUnit.uuid, amount: inUnit }],
        date: billbackDate,
      }),
    );
    // Its owner pays it back within three days, and before the next 11th: a unit still owing on
    // the 11th is charged late fees (demo-penalties.ts's 10 days of grace after the 1st's fees).
    const eleventh = `${billbackDate.slice(0, 8)}11`;
    const cutOff = billbackDate <= eleventh ? eleventh : `${addDays(eleventh, 30).slice(0, 8)}11`;
    await recordWireTransfer(
      tx,
      { scope, source: people.admin, building: row, mailer: platform.mailer },
      {
        unitUuid: leakUnit.uuid,
        bankUuid: operating.uuid,
        amount: inUnit,
        date: within(sooner(addDays(billbackDate, 3), cutOff)),
        reference: `${demoLeakUnit}-PSL-2318`,
      },
    );
    const creditDate = within(addDays(leakDate, 10));
    const credit = await enter(tx, {
      supplier: 'maintenance',
      number: 'NC-PSL-0412',
      date: creditDate,
      dueDate: creditDate,
      creditNote: true,
      lines: [
        {
          category: 'maintenance',
          description: fr(
            'Crédit : soupape de rechange retournée, non utilisée',
            'Credit: spare valve returned, not used',
          ),
          amount: 120_00,
        },
      ],
    });
    await pay(tx, {
      supplier: 'maintenance',
      date: within(addDays(leakDate, 20)),
      method: 'check',
      invoices: [leak],
      creditNotes: [credit],
      approvals: 2,
    });
  });

  // An elevator repair outside the contract, paid by wire.
  await inTransaction(async (tx) => {
    const repairDate = within(addDays(today, -25));
    const repair = await enter(tx, {
      supplier: 'elevator',
      number: 'AA-7752',
      date: repairDate,
      dueDate: addDays(repairDate, 30),
      lines: [
        {
          category: 'elevator',
          description: fr(
            'Remplacement du câble de l’opérateur de porte, ascenseur 1',
            'Replacement of the door operator cable, elevator 1',
          ),
          amount: 1_240_00,
        },
        {
          category: 'elevator',
          description: fr('Appel de service d’urgence en soirée', 'Evening emergency service call'),
          amount: 185_00,
        },
      ],
    });
    await pay(tx, {
      supplier: 'elevator',
      date: within(addDays(repairDate, 14)),
      method: 'wire-transfer',
      invoices: [repair],
      approvals: 2,
    });
  });

  // The insurance renewal of March 15 (demo-year.ts budgets it), paid by wire.
  const renewal = `${start.slice(0, 4)}-03-15`;
  if (renewal <= today) {
    await inTransaction(async (tx) => {
      const premium = await enter(tx, {
        supplier: 'insurance',
        number: `IMM-44718-${start.slice(0, 4)}`,
        date: renewal,
        dueDate: addDays(renewal, 16),
        untaxed: true,
        lines: [
          {
            category: 'insurance',
            description: fr(
              'Prime annuelle de l’immeuble, police IMM-44718',
              'Building annual premium, policy IMM-44718',
            ),
            amount: insurancePremium,
          },
          {
            category: 'insurance',
            description: fr('Taxe de 9 % sur la prime d’assurance', '9% tax on the insurance premium'),
            amount: insurancePremiumTax,
          },
        ],
      });
      const paid = addDays(renewal, 5);
      if (paid <= today) {
        await pay(tx, {
          supplier: 'insurance',
          date: paid,
          method: 'wire-transfer',
          invoices: [premium],
          approvals: 2,
        });
      }
    });
  }

  // A plumber's check of today, approved by approver-write: it waits for approver@example.com.
  await inTransaction(async (tx) => {
    const valveDate = within(addDays(today, -6));
    const valve = await enter(tx, {
      supplier: 'maintenance',
      number: 'PSL-2364',
      date: valveDate,
      dueDate: addDays(valveDate, 30),
      lines: [
        {
          category: 'maintenance',
          description: fr(
            'Remplacement du clapet antiretour, salle mécanique',
            'Replacement of the backflow valve, mechanical room',
          ),
          amount: 685_00,
        },
      ],
    });
    await pay(tx, { supplier: 'maintenance', date: today, method: 'check', invoices: [valve], approvals: 1 });
  });

  // The treasurer prints each check once approved: their numbers follow their dates.
  for (const check of printed.sort((a, b) => a.date.localeCompare(b.date))) {
    await inTransaction((tx) => printChecks(tx, admin, { paymentUuids: [check.uuid] }, platform.clock.now()));
  }
}
