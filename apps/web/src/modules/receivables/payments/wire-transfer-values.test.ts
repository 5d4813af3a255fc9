import { describe, expect, it } from 'vitest';
import { cents, type WireTransferView } from '@copro/domain';
import {
  newWireTransferValues,
  pageOf,
  prepareWireTransfer,
  transferUnits,
  transfersNewestFirst,
} from './wire-transfer-values';

const unitA = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const unitB = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9e';
const bank = '1c9a6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';

const transfer = (over: Partial<WireTransferView>): WireTransferView => ({
  transactionUuid: 't',
  date: '2026-03-01',
  unitUuid: unitA,
  unitNumber: '10',
  bankUuid: bank,
  amount: cents(30000),
  reference: '',
  returned: false,
  ...over,
});

describe('prepareWireTransfer', () => {
  it('sends the transfer in cents, without an empty reference', () => {
    expect(
      prepareWireTransfer({ ...newWireTransferValues('2026-03-02', bank), unitUuid: unitA, amount: '300' }),
    ).toEqual({
      issues: [],
      input: { unitUuid: unitA, bankUuid: bank, amount: 30000, date: '2026-03-02' },
    });
  });

  it('asks for the unit, the bank and the amount', () => {
    const { input, issues } = prepareWireTransfer(newWireTransferValues('2026-03-02', ''));
    expect(input).toBeNull();
    expect(issues.map((i) => `${i.path.join('.')} ${i.key}`)).toEqual([
      'unitUuid validation.required',
      'bankUuid validation.required',
      'amount validation.required',
    ]);
  });
});

describe('transferUnits', () => {
  it('counts each unit once, with its last transfer and total, returned ones left out', () => {
    const history = [
      transfer({ transactionUuid: '1', date: '2026-01-01' }),
      transfer({ transactionUuid: '2', date: '2026-03-01', amount: cents(31000) }),
      transfer({ transactionUuid: '3', date: '2026-04-01', returned: true }),
      transfer({ transactionUuid: '4', unitUuid: unitB, unitNumber: '9', date: '2026-02-01' }),
    ];
    expect(transferUnits(history)).toEqual([
      { unitUuid: unitB, unitNumber: '9', count: 1, lastDate: '2026-02-01', total: 30000 },
      { unitUuid: unitA, unitNumber: '10', count: 2, lastDate: '2026-03-01', total: 61000 },
    ]);
  });

  it('sorts the history newest first', () => {
    expect(
      transfersNewestFirst([
        transfer({ transactionUuid: 'old', date: '2026-01-01' }),
        transfer({ transactionUuid: 'new' }),
      ]).map((x) => x.transactionUuid),
    ).toEqual(['new', 'old']);
  });
});

describe('pageOf', () => {
  it('cuts the list into pages, a page beyond the end showing the last', () => {
    const items = Array.from({ length: 51 }, (_, i) => i);
    expect(pageOf(items, 1, 25)).toEqual({ rows: items.slice(0, 25), pages: 3 });
    expect(pageOf(items, 9, 25)).toEqual({ rows: [50], pages: 3 });
    expect(pageOf([], 1, 25)).toEqual({ rows: [], pages: 1 });
  });
});
