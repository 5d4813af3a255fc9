import {
  wireTransferSchema,
  type FieldIssue,
  type WireTransferInput,
  type WireTransferView,
} from '@copro/domain';
import { compareNumbers } from '../../../ui/compare';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';

/** A wire transfer as typed on payments/wire-transfers. */
export interface WireTransferValues {
  unitUuid: string;
  bankUuid: string;
  amount: string;
  date: string;
  reference: string;
}

export const newWireTransferValues = (date: string, bankUuid: string): WireTransferValues => ({
  unitUuid: '',
  bankUuid,
  amount: '',
  date,
  reference: '',
});

export function prepareWireTransfer(values: WireTransferValues): Prepared<WireTransferInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.unitUuid, ['unitUuid'], issues);
  chosenAt(values.bankUuid, ['bankUuid'], issues);
  const amount = amountAt(values.amount, ['amount'], issues);
  return prepareWith(wireTransferSchema, { ...values, amount }, issues);
}

/** The history newest first (the API's order is not promised), then by unit. */
export const transfersNewestFirst = (transfers: readonly WireTransferView[]): WireTransferView[] =>
  [...transfers].sort((a, b) => b.date.localeCompare(a.date) || compareNumbers(a.unitNumber, b.unitNumber));

/** One unit that pays by transfer: how many in the period, the last one, and what they add up to. */
export interface TransferUnit {
  unitUuid: string;
  unitNumber: string;
  count: number;
  lastDate: string;
  total: number;
}

/** The distinct units of the history, by unit number; a returned transfer does not count. */
export function transferUnits(transfers: readonly WireTransferView[]): TransferUnit[] {
  const units = new Map<string, TransferUnit>();
  for (const transfer of transfers) {
    if (transfer.returned) continue;
    const unit = units.get(transfer.unitUuid) ?? {
      unitUuid: transfer.unitUuid,
      unitNumber: transfer.unitNumber,
      count: 0,
      lastDate: transfer.date,
      total: 0,
    };
    unit.count += 1;
    unit.total += transfer.amount;
    if (transfer.date > unit.lastDate) unit.lastDate = transfer.date;
    units.set(transfer.unitUuid, unit);
  }
  return [...units.values()].sort((a, b) => compareNumbers(a.unitNumber, b.unitNumber));
}

/** A page of a list: the rows shown and how many pages there are. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: items.slice((current - 1) * size, current * size), pages };
}
