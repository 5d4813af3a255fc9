import { Table } from '@mantine/core';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from './use-ledger-format';

/** A money cell of a ledger table; empty when the line has nothing in this column. */
export function AmountCell({
  cents,
  strong = false,
  struck = false,
}: {
  cents: number | null;
  strong?: boolean;
  /** A cancelled line's amounts: still readable, no longer counted. */
  struck?: boolean;
}) {
  const { money } = useLedgerFormat();
  return (
    <Table.Td
      ta="right"
      fw={strong ? 600 : undefined}
      c={struck ? 'dimmed' : undefined}
      td={struck ? 'line-through' : undefined}
      style={amountStyle}
    >
      {cents === null ? '' : money(cents)}
    </Table.Td>
  );
}
