import { describe, expect, it } from 'vitest';
import { cents, type FiscalYearInfo, type PadOrderView } from '@copro/domain';
import { counterpartPath, fiscalYearOf, ledgerLinks } from './ledger-links';

const years: FiscalYearInfo[] = [
  { startDate: '2026-01-01', endDate: '2026-12-31', archived: false },
  { startDate: '2025-01-01', endDate: '2025-12-31', archived: false },
];
const building = { buildingRef: 'parc12', timeZone: 'America/Toronto' };
const unit = '11111111-1111-4111-8111-111111111111';
const supplier = '33333333-3333-4333-8333-333333333333';
const payment = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const reversal = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const fee = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const order = (change: Partial<PadOrderView>): PadOrderView => ({
  uuid: '44444444-4444-4444-8444-444444444444',
  direction: 'debit',
  unitUuid: unit,
  unitNumber: '101',
  supplierUuid: null,
  supplierPaymentUuid: null,
  name: 'Jeanne Tremblay',
  amount: cents(25_000),
  dueDate: '2025-12-15',
  month: '2025-12',
  status: 'completed',
  reference: 'D00000000A',
  fileUuid: null,
  transactionUuid: null,
  reversalUuid: null,
  feeUuid: null,
  returnCode: null,
  returnedOn: null,
  history: [],
  createdAt: '2025-12-01T10:00:00.000Z',
  ...change,
});

describe('an order’s ledger links', () => {
  it('finds the fiscal year of a day', () => {
    expect(fiscalYearOf(years, '2025-12-31')?.startDate).toBe('2025-01-01');
    expect(fiscalYearOf(years, '2026-01-01')?.startDate).toBe('2026-01-01');
    expect(fiscalYearOf(years, '2024-06-01')).toBeUndefined();
  });

  it('links nothing before the money moved', () => {
    expect(ledgerLinks(order({ status: 'toProcess' }), building, years)).toEqual([]);
  });

  it('links the payment in the year of its due date, the latest year without its date', () => {
    expect(ledgerLinks(order({ transactionUuid: payment }), building, years)).toEqual([
      { kind: 'payment', href: `/building/parc12/2025-01-01/units/transactions/${payment}` },
    ]);
    expect(ledgerLinks(order({ transactionUuid: payment, dueDate: '2026-01-15' }), building, years)).toEqual([
      { kind: 'payment', href: `/building/parc12/units/transactions/${payment}` },
    ]);
  });

  it('links a return’s reversal and fee in the year of the return', () => {
    const returned = order({
      status: 'processedNSF',
      transactionUuid: payment,
      reversalUuid: reversal,
      feeUuid: fee,
      returnCode: '901',
      returnedOn: '2025-12-31',
    });
    expect(ledgerLinks(returned, building, years).map((link) => [link.kind, link.href])).toEqual([
      ['payment', `/building/parc12/2025-01-01/units/transactions/${payment}`],
      ['reversal', `/building/parc12/2025-01-01/units/transactions/${reversal}`],
      ['fee', `/building/parc12/2025-01-01/units/transactions/${fee}`],
    ]);
    expect(ledgerLinks({ ...returned, returnedOn: '2026-01-02' }, building, years)[1]?.href).toBe(
      `/building/parc12/units/transactions/${reversal}`,
    );
  });

  it('shows a supplier’s payment from the suppliers’ ledger', () => {
    const credit = order({
      direction: 'credit',
      unitUuid: null,
      supplierUuid: supplier,
      transactionUuid: payment,
    });
    expect(ledgerLinks(credit, building, years)[0]?.href).toBe(
      `/building/parc12/2025-01-01/suppliers/transactions/${payment}`,
    );
    expect(counterpartPath(credit)).toBe(`suppliers/transactions/${supplier}`);
    expect(counterpartPath(order({}))).toBe(`units/transactions/${unit}`);
  });
});
