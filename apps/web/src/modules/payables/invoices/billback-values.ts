import {
  billbackSchema,
  billbackShares,
  cents,
  formatCents,
  type BillbackInput,
  type BillbackRule,
  type Cents,
  type FieldIssue,
  type Language,
  type SupplierInvoiceView,
  type UnitView,
} from '@copro/domain';
import { amountAt, prepareWith, type Prepared } from '../../../ui/prepare';
import { typedAmount } from '../../../ui/typed-amount';

type BillbackUnit = Pick<UnitView, 'uuid' | 'number' | 'voteShare'>;

/** The "Bill back to units" dialog as typed. */
export interface BillbackValues {
  amount: string;
  rule: BillbackRule;
  /** The units sharing it. */
  unitUuids: string[];
  /** Each unit's amount as typed (rule `amounts`), by unit. */
  amounts: Record<string, string>;
  date: string;
  description: string;
}

/** What of the invoice's total is not billed back yet. */
export const unbilledRest = (invoice: Pick<SupplierInvoiceView, 'total' | 'billedBack'>): number =>
  Math.max(invoice.total - invoice.billedBack, 0);

/** A billback starts with the invoice's unbilled rest, shared by vote share among every unit. */
export function newBillbackValues(
  invoice: Pick<SupplierInvoiceView, 'total' | 'billedBack'>,
  units: readonly BillbackUnit[],
  date: string,
  language: Language,
): BillbackValues {
  const rest = unbilledRest(invoice);
  return {
    amount: rest > 0 ? formatCents(rest, language) : '',
    rule: 'voteShare',
    unitUuids: units.map((unit) => unit.uuid),
    amounts: {},
    date,
    description: '',
  };
}

/** The chosen units, in the order of the list (by number): the body's and the errors' order. */
export const chosenUnits = <U extends BillbackUnit>(units: readonly U[], values: BillbackValues): U[] => {
  const chosen = new Set(values.unitUuids);
  return units.filter((unit) => chosen.has(unit.uuid));
};

const typedCents = (text: string | undefined): Cents | undefined => {
  const typed = typedAmount(text ?? '');
  return typed.kind === 'cents' ? typed.cents : undefined;
};

export type BillbackPreview =
  { ok: true; parts: Map<string, Cents>; total: Cents } | { ok: false; issues: FieldIssue[] };

/**
 * Each chosen unit's part, as the server will post it (the domain's `billbackShares`): shown
 * before saving. Nothing to show until the amount can be read.
 */
export function billbackPreview(values: BillbackValues, units: readonly BillbackUnit[]): BillbackPreview {
  const chosen = chosenUnits(units, values);
  const amount = typedCents(values.amount);
  if (amount === undefined) return { ok: false, issues: [] };
  const split = billbackShares(
    amount,
    values.rule,
    chosen.map((unit) => ({ voteShare: unit.voteShare, amount: typedCents(values.amounts[unit.uuid]) })),
  );
  if (!split.ok) return split;
  return {
    ok: true,
    parts: new Map(chosen.map((unit, i) => [unit.uuid, split.parts[i] ?? cents(0)])),
    total: cents(split.parts.reduce((sum, part) => sum + part, 0)),
  };
}

/**
 * The API's body (billbackSchema): the amount in cents and the chosen units, each with its own
 * amount under the `amounts` rule. The form's issues come first: an amount above what is left to
 * bill back, a unit's amount that cannot be read, parts that do not add up.
 */
export function prepareBillback(
  values: BillbackValues,
  units: readonly BillbackUnit[],
  rest: number,
  language: Language,
): Prepared<BillbackInput> {
  const issues: FieldIssue[] = [];
  const amount = amountAt(values.amount, ['amount'], issues);
  if (amount !== undefined && amount > rest)
    issues.push({
      path: ['amount'],
      key: 'invoicePages.billback.overRest',
      params: { rest: formatCents(rest, language) },
    });
  const chosen = chosenUnits(units, values);
  if (chosen.length === 0) issues.push({ path: ['units'], key: 'invoicePages.billback.noUnit' });
  const byAmount = values.rule === 'amounts';
  const bodyUnits = chosen.map((unit, i) => ({
    unitUuid: unit.uuid,
    amount: byAmount ? amountAt(values.amounts[unit.uuid] ?? '', ['units', i, 'amount'], issues) : undefined,
  }));
  if (issues.length === 0) {
    const preview = billbackPreview(values, units);
    if (!preview.ok) issues.push(...preview.issues);
  }
  return prepareWith(
    billbackSchema,
    {
      amount,
      rule: values.rule,
      units: bodyUnits,
      date: values.date,
      description: values.description,
    },
    issues,
  );
}
