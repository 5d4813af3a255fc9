import { cents, type SupplierInvoiceView, type SupplierPaymentView } from '@copro/domain';

/** Shared by the payables web tests: a supplier, a bank, and views of invoices and payments. */
export const supplierA = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
export const supplierB = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9e';
export const bankUuid = '1c9a6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';

export const invoiceUuid = (n: number): string => `2d0b7f4e-5b6a-4c5d-9e3f-${String(n).padStart(12, '0')}`;

export const invoiceView = (n: number, over: Partial<SupplierInvoiceView> = {}): SupplierInvoiceView => ({
  uuid: invoiceUuid(n),
  transactionUuid: invoiceUuid(900 + n),
  fiscalYear: '2026-01-01',
  supplierUuid: supplierA,
  supplierName: 'Hydro',
  number: `F-${n}`,
  date: '2026-03-01',
  dueDate: '2026-03-31',
  creditNote: false,
  lines: [],
  taxes: [],
  subtotal: cents(10000),
  total: cents(10000),
  paid: cents(0),
  pending: cents(0),
  unpaid: cents(10000),
  billedBack: cents(0),
  status: 'unpaid',
  notes: '',
  attachments: [],
  createdAt: '2026-03-01T12:00:00.000Z',
  ...over,
});

export const paymentView = (over: Partial<SupplierPaymentView> = {}): SupplierPaymentView => ({
  uuid: '3e1c8a5f-6c7b-4d6e-8f4a-000000000001',
  fiscalYear: '2026-01-01',
  supplierUuid: supplierA,
  supplierName: 'Hydro',
  bankUuid,
  bankName: 'Desjardins',
  date: '2026-03-02',
  paymentMethod: 'check',
  amount: cents(10000),
  invoices: [{ invoiceUuid: invoiceUuid(1), number: 'F-1', amount: cents(10000) }],
  creditNotes: [],
  memo: '',
  status: 'pending',
  approvalStatus: 'pending',
  approvalsRequired: 2,
  approvals: [],
  notes: [],
  transactionUuid: null,
  checkNumber: null,
  checkPrinted: false,
  checkVoided: null,
  createdBy: { kind: 'user', id: 'u1', name: 'Accountant' },
  createdAt: '2026-03-02T12:00:00.000Z',
  canDecide: true,
  ...over,
});
