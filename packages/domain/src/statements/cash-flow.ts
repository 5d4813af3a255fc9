import { cents, type Cents } from '../money';
import type { FundFilter } from '../schemas/statements';
import { accountKey, type LineGroup } from './balance-sheet';
import {
  byAid,
  closingOf,
  inFund,
  sectionOf,
  type FiguresByAccount,
  type StatementAccount,
  type StatementSection,
} from './statement-accounts';

/**
 * DOMAIN 10: the cash flow for a period: the bank accounts' movements grouped by what they moved
 * against. The cash is the bank accounts (of the fund, for one fund's statement). For every
 * transaction of the period that touches the cash, each of its lines on another account is a
 * counterpart: a credit of that account brought money in (a unit's payment credits the unit), a
 * debit took money out (a supplier's payment debits the supplier). So
 *
 *   closing cash = opening cash + money in − money out,
 *
 * and that equals the bank accounts' closing balances (`balanced`). Counterparts are grouped:
 * the co-owners (units, one line), the suppliers (one line), then each category under its
 * section, and the other funds' bank accounts (transfers between funds, one fund's statement only).
 */

/** What a counterpart account brought in and took out of the cash in the period (positive cents). */
export interface CounterpartFlow {
  aid: number;
  inflow: Cents;
  outflow: Cents;
}

export const cashFlowGroups = [
  'units',
  'revenues',
  'suppliers',
  'expenses',
  'receivables',
  'otherAssets',
  'payables',
  'otherLiabilities',
  'capital',
  'banks',
] as const;
export type CashFlowGroupName = (typeof cashFlowGroups)[number];

export interface CashFlowLine {
  key: string;
  account: StatementAccount | null;
  group: LineGroup | null;
  inflow: Cents;
  outflow: Cents;
  net: Cents;
}

export interface CashFlowGroup {
  group: CashFlowGroupName;
  lines: CashFlowLine[];
  inflow: Cents;
  outflow: Cents;
  net: Cents;
}

export interface CashFlow {
  opening: Cents;
  /** The groups with money in or out, in `cashFlowGroups` order. */
  groups: CashFlowGroup[];
  inflow: Cents;
  outflow: Cents;
  net: Cents;
  /** Opening + net. */
  closing: Cents;
  /** The bank accounts' closing balances, which `closing` must equal. */
  banksClosing: Cents;
  balanced: boolean;
}

/** Which accounts are the cash of a fund's (or every fund's) cash flow. */
export const isCash = (account: StatementAccount, fund: FundFilter): boolean =>
  account.kind === 'bank' && inFund(account, fund);

const groupOf = (account: StatementAccount): CashFlowGroupName => {
  if (account.kind === 'unit') return 'units';
  if (account.kind === 'supplier') return 'suppliers';
  const section: StatementSection = sectionOf(account);
  return section;
};

export function cashFlow(
  accounts: readonly StatementAccount[],
  figures: FiguresByAccount,
  flows: readonly CounterpartFlow[],
  fund: FundFilter,
): CashFlow {
  const byAidMap = new Map(accounts.map((a) => [a.aid, a]));
  let opening = 0;
  let banksClosing = 0;
  for (const account of accounts) {
    const f = figures.get(account.aid);
    if (!f || !isCash(account, fund)) continue;
    opening += f.opening;
    banksClosing += closingOf(f);
  }
  const grouped = new Map<CashFlowGroupName, Map<string, CashFlowLine>>();
  for (const flow of [...flows].sort(byAid)) {
    if (flow.inflow === 0 && flow.outflow === 0) continue;
    const account: StatementAccount = byAidMap.get(flow.aid) ?? {
      aid: flow.aid,
      kind: '',
      parent: null,
      fund: 'operating',
      name: `#${flow.aid}`,
    };
    const group = groupOf(account);
    const single: LineGroup | null = group === 'units' || group === 'suppliers' ? group : null;
    const key = single ?? accountKey(account.aid);
    const lines = grouped.get(group) ?? new Map<string, CashFlowLine>();
    const line = lines.get(key) ?? {
      key,
      account: single ? null : account,
      group: single,
      inflow: cents(0),
      outflow: cents(0),
      net: cents(0),
    };
    const inflow = line.inflow + flow.inflow;
    const outflow = line.outflow + flow.outflow;
    lines.set(key, { ...line, inflow: cents(inflow), outflow: cents(outflow), net: cents(inflow - outflow) });
    grouped.set(group, lines);
  }
  const groups = cashFlowGroups.flatMap((group): CashFlowGroup[] => {
    const lines = [...(grouped.get(group)?.values() ?? [])];
    if (lines.length === 0) return [];
    const inflow = lines.reduce((s, l) => s + l.inflow, 0);
    const outflow = lines.reduce((s, l) => s + l.outflow, 0);
    return [{ group, lines, inflow: cents(inflow), outflow: cents(outflow), net: cents(inflow - outflow) }];
  });
  const inflow = groups.reduce((s, g) => s + g.inflow, 0);
  const outflow = groups.reduce((s, g) => s + g.outflow, 0);
  const closing = opening + inflow - outflow;
  return {
    opening: cents(opening),
    groups,
    inflow: cents(inflow),
    outflow: cents(outflow),
    net: cents(inflow - outflow),
    closing: cents(closing),
    banksClosing: cents(banksClosing),
    balanced: closing === banksClosing,
  };
}
