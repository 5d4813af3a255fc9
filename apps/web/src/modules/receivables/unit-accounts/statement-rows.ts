import type { StatementView } from '@copro/domain';

/** One row of a statement as the table draws it; a blank amount is null. */
export interface StatementRow {
  key: string;
  kind: 'opening' | 'line' | 'closing';
  date: string;
  /** The line's description, or the name of its kind when it has none; null on the opening and closing rows. */
  description: string | null;
  invoiced: number | null;
  paid: number | null;
  balance: number;
}

/**
 * The opening balance on the first day, the period's lines, then the totals and the closing
 * balance on the last day. A line is either invoiced or paid: the other column stays blank.
 */
export function statementRows(view: StatementView, kindLabel: (kind: string) => string): StatementRow[] {
  const blankZero = (cents: number): number | null => (cents === 0 ? null : cents);
  return [
    {
      key: 'opening',
      kind: 'opening',
      date: view.from,
      description: null,
      invoiced: null,
      paid: null,
      balance: view.openingBalance,
    },
    ...view.lines.map((line, index): StatementRow => ({
      // A transaction may have more than one line on the unit's account.
      key: `${line.uuid}:${index}`,
      kind: 'line',
      date: line.date,
      description: line.description.trim() || kindLabel(line.kind),
      invoiced: blankZero(line.invoiced),
      paid: blankZero(line.paid),
      balance: line.balance,
    })),
    {
      key: 'closing',
      kind: 'closing',
      date: view.to,
      description: null,
      invoiced: view.totalInvoiced,
      paid: view.totalPaid,
      balance: view.closingBalance,
    },
  ];
}
