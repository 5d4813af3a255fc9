import { describe, expect, it } from 'vitest';
import { cents, hasKey, invoiceListFilters, invoiceStatuses, type SupplierInvoiceView } from '@copro/domain';
import {
  invoiceListSearch,
  isPayable,
  noInvoiceFilters,
  pageCount,
  periodProblem,
  selectAllPayable,
  toggleInvoice,
} from './invoice-list';

const invoice = (uuid: string, over: Partial<SupplierInvoiceView> = {}): SupplierInvoiceView => ({
  uuid,
  transactionUuid: uuid,
  fiscalYear: '2026-01-01',
  supplierUuid: 's1',
  supplierName: 'Hydro',
  number: `N-${uuid}`,
  date: '2026-02-01',
  dueDate: null,
  creditNote: false,
  lines: [],
  taxes: [],
  subtotal: cents(1_000),
  total: cents(1_000),
  paid: cents(0),
  pending: cents(0),
  unpaid: cents(1_000),
  billedBack: cents(0),
  status: 'unpaid',
  notes: '',
  attachments: [],
  createdAt: '2026-02-01T12:00:00Z',
  ...over,
});

describe('the list’s query', () => {
  it('asks for a page and only what narrows the list', () => {
    expect(invoiceListSearch(noInvoiceFilters, undefined, 1)).toBe('page=1&pageSize=50');
    expect(
      invoiceListSearch(
        { status: 'unpaid', from: '2026-01-01', to: '2026-03-31', q: '  F-10 ' },
        'abc',
        3,
        20,
      ),
    ).toBe('status=unpaid&supplierUuid=abc&from=2026-01-01&to=2026-03-31&q=F-10&page=3&pageSize=20');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(2_345, 100)).toBe(24);
  });

  it('refuses a period that ends before it starts', () => {
    expect(periodProblem('2026-02-01', '2026-01-31')).toBe('validation.dateTooEarly');
    expect(periodProblem('2026-02-01', '2026-02-01')).toBeNull();
    expect(periodProblem('', '2026-01-31')).toBeNull();
  });
});

describe('invoices picked to pay', () => {
  it('are invoices with something unpaid, not credit notes nor cancelled ones', () => {
    expect(isPayable(invoice('a'))).toBe(true);
    expect(isPayable(invoice('a', { creditNote: true }))).toBe(false);
    expect(isPayable(invoice('a', { status: 'cancelled' }))).toBe(false);
    expect(isPayable(invoice('a', { unpaid: cents(0), status: 'pending' }))).toBe(false);
  });

  it('are of one supplier: an invoice of another starts over', () => {
    let selection = toggleInvoice(null, invoice('a'));
    selection = toggleInvoice(selection, invoice('b'));
    expect(selection).toEqual({ supplierUuid: 's1', invoiceUuids: ['a', 'b'] });
    expect(toggleInvoice(selection, invoice('c', { supplierUuid: 's2' }))).toEqual({
      supplierUuid: 's2',
      invoiceUuids: ['c'],
    });
    selection = toggleInvoice(selection, invoice('a'));
    expect(toggleInvoice(selection, invoice('b'))).toBeNull();
  });

  it('of a page at once: the payable ones of the selection’s supplier, or of the first', () => {
    const page = [
      invoice('c', { creditNote: true }),
      invoice('a', { supplierUuid: 's2' }),
      invoice('b'),
      invoice('d', { supplierUuid: 's2', status: 'paid', unpaid: cents(0) }),
      invoice('e', { supplierUuid: 's2' }),
    ];
    expect(selectAllPayable(null, page)).toEqual({ supplierUuid: 's2', invoiceUuids: ['a', 'e'] });
    expect(selectAllPayable({ supplierUuid: 's1', invoiceUuids: ['z'] }, page)).toEqual({
      supplierUuid: 's1',
      invoiceUuids: ['z', 'b'],
    });
    expect(selectAllPayable(null, [invoice('c', { creditNote: true })])).toBeNull();
  });
});

// The pages build these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...invoiceListFilters.map((filter) => `invoicePages.filters.${filter}`),
  ...invoiceStatuses.map((status) => `invoicePages.status.${status}`),
  ...['unpaid', 'pending', 'paid'].map((status) => `invoicePages.status.credit.${status}`),
  ...['voteShare', 'equal', 'amounts'].map((rule) => `invoicePages.billback.rules.${rule}`),
  ...['posted', 'pendingApproval', 'rejected', 'cancelled'].map(
    (s) => `invoicePages.detail.paymentStates.${s}`,
  ),
  ...['first', 'previous', 'next', 'last', 'page'].map((control) => `invoicePages.list.paging.${control}`),
];

describe('the keys the invoice pages build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
