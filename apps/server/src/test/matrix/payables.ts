import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { LightMyRequestResponse } from 'fastify';
import { fileForm } from '../../modules/payables/invoices/test-fixtures';
import { as, type TestUser } from '../harness';
import { bankBody, categoryBody, pdfBytes, supplierBody, unitBody, yearPath } from '../registry-fixtures';
import {
  approvers,
  financeReaders,
  financeWriters,
  managers,
  paymentNoteWriters,
  yearRoute,
  type Case,
  type MatrixContext,
} from './actors';

const buildingRoute = (method: string, path: string): string =>
  `${method} /api/buildings/:buildingRef/${path}`;

/** Bank details as a supplier or a unit gives them (SPEC 5 formats). */
const detailsBody = {
  institution: '815',
  transit: '30012',
  account: '1234567890123',
  holderName: 'Matrix Holder',
};

/** An invoice as a supplier's software prints it: text the prefill reads without OCR. */
const textInvoicePdf = (): Promise<Buffer> =>
  new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(12).text('Matrix Supplies Inc.');
    doc.text('Invoice # MX-1001');
    doc.text('Invoice Date March 3, 2026');
    doc.text('TOTAL $125.00');
    doc.end();
  });

/**
 * Money out (DOMAIN 7): finance readers read invoices, payments, recurring bills, bank details
 * (redacted) and the payables reports; finance writers enter and pay invoices, print and void
 * checks, keep recurring bills and bank details; approvers (approver, approverWrite: no group role
 * maps to them) decide payments; readers of the approvals leave notes (a write: a ban withdraws it);
 * managers set the approval rules. Each allowed call works on records of its own, written through
 * the payables routes as the building's admin, so an allowed call changes nothing another case needs.
 */
export const payablesCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const year = (path: string) => `${yearPath(b)}/${path}`;
  const building = (path: string) => `/api/buildings/${b.ref}/${path}`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  /** The answer of a write the setup needs; anything else stops the run with the server's answer. */
  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };

  const invoiceBody = (supplierUuid: string, categoryUuid: string, extra: Record<string, unknown> = {}) => ({
    supplierUuid,
    number: `MX-${randomUUID().slice(0, 8)}`,
    date: '2026-03-10',
    lines: [{ categoryUuid, amount: 10_000 }],
    taxes: [],
    ...extra,
  });

  const billBody = (categoryUuid: string, bankUuid: string) => ({
    description: 'Matrix bill',
    amount: 5_000,
    billingDay: 1,
    categoryUuid,
    counterpartUuid: bankUuid,
    paymentMethod: 'pre-authorized-debit',
    // Starts after the run's date (recurring-bills/run case): no run posts it.
    startDate: '2026-06-01',
  });

  interface Shared {
    category: string;
    /** Its payments need no approval: they post at once. */
    supplier: string;
    /** Its payments always need an approval (approval rule `always`). */
    approvalSupplier: string;
    bank: string;
    unit: string;
    /** An invoice with a PDF, for the read routes. */
    invoice: { uuid: string; fileId: string };
    rules: { minimumAmount: null; suppliers: { supplierUuid: string; rule: 'always' }[] };
  }
  let shared: Promise<Shared> | null = null;

  async function makeShared(): Promise<Shared> {
    const category = await m.freshRecord('categories', categoryBody('Matrix supplies'));
    const supplier = await m.freshRecord('suppliers', supplierBody('Matrix Supplies'));
    const approvalSupplier = await m.freshRecord('suppliers', supplierBody('Matrix Approvals'));
    const bank = await m.freshRecord('banks', bankBody('Matrix payables bank'));
    const unit = await m.freshRecord('units', unitBody());
    const rules = {
      minimumAmount: null,
      suppliers: [{ supplierUuid: approvalSupplier, rule: 'always' as const }],
    };
    expectStatus(await as(h, admin()).put(building('approval-rules'), rules), 200, 'approval rules');
    // The building's own recurring bills are billed on the 1st.
    expectStatus(
      await as(h, admin()).put(year('recurring-billing-days'), { days: [1] }),
      200,
      'billing days',
    );
    const file = (await uploadAs(admin(), 'files', pdfBytes, 201)).json() as { fileId: string };
    const invoice = expectStatus(
      await as(h, admin()).post(
        year('supplier-invoices'),
        invoiceBody(supplier, category, { attachments: [file] }),
      ),
      201,
      'invoice with a file',
    ).json() as { uuid: string };
    return {
      category,
      supplier,
      approvalSupplier,
      bank,
      unit,
      invoice: { uuid: invoice.uuid, fileId: file.fileId },
      rules,
    };
  }
  const records = (): Promise<Shared> => (shared ??= makeShared());

  /** A PDF posted as a browser sends it, to `supplier-invoices/<path>`. */
  async function uploadAs(u: TestUser | null, path: string, bytes: Buffer, expected?: number) {
    const form = await fileForm('invoice.pdf', 'application/pdf', bytes);
    const res = await h.app.inject({
      method: 'POST',
      url: year(`supplier-invoices/${path}`),
      payload: form.payload,
      headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
    });
    return expected === undefined ? res : expectStatus(res, expected, `upload to ${path}`);
  }

  /** A fresh invoice of $100 of `supplier` (the plain one unless said). */
  async function freshInvoice(supplier?: string): Promise<string> {
    const s = await records();
    const res = await as(h, admin()).post(
      year('supplier-invoices'),
      invoiceBody(supplier ?? s.supplier, s.category),
    );
    return (expectStatus(res, 201, 'invoice').json() as { uuid: string }).uuid;
  }

  const paymentBody = async (supplier: string, invoiceUuid: string, paymentMethod = 'check') => ({
    supplierUuid: supplier,
    bankUuid: (await records()).bank,
    date: '2026-03-15',
    paymentMethod,
    invoices: [{ invoiceUuid, amount: 10_000 }],
    creditNotes: [],
    // The bank holds nothing: the warning would answer instead of the payment.
    acceptLowBalance: true,
  });

  /** A fresh check payment of its own invoice, in the state asked for. */
  async function freshPayment(status: 'pending' | 'posted'): Promise<string> {
    const s = await records();
    const supplier = status === 'pending' ? s.approvalSupplier : s.supplier;
    const res = await as(h, admin()).post(
      year('supplier-payments'),
      await paymentBody(supplier, await freshInvoice(supplier)),
    );
    const payment = (
      expectStatus(res, 201, 'payment').json() as { payment: { uuid: string; status: string } }
    ).payment;
    if (payment.status !== status) throw new Error(`payment ${payment.status}, not ${status}`);
    return payment.uuid;
  }

  /** A fresh posted check payment, printed. */
  async function printedCheck(): Promise<string> {
    const uuid = await freshPayment('posted');
    expectStatus(
      await as(h, admin()).post(year('supplier-checks/print'), { paymentUuids: [uuid] }),
      200,
      'print',
    );
    return uuid;
  }

  async function freshBill(): Promise<string> {
    const s = await records();
    const res = await as(h, admin()).post(year('recurring-bills'), billBody(s.category, s.bank));
    return (expectStatus(res, 201, 'recurring bill').json() as { uuid: string }).uuid;
  }

  let invoicePdf: Promise<Buffer> | null = null;

  const invoiceCases: Case[] = [
    {
      route: yearRoute('GET', 'supplier-invoices'),
      allowed: financeReaders,
      call: async (u) => {
        await records();
        return as(h, u).get(year('supplier-invoices'));
      },
    },
    {
      route: yearRoute('POST', 'supplier-invoices'),
      allowed: financeWriters,
      call: async (u) => {
        const s = await records();
        return as(h, u).post(year('supplier-invoices'), invoiceBody(s.supplier, s.category));
      },
    },
    {
      route: yearRoute('GET', 'supplier-invoices/:uuid'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(year(`supplier-invoices/${await freshInvoice()}`)),
    },
    {
      route: yearRoute('POST', 'supplier-invoices/:uuid/cancel'),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(year(`supplier-invoices/${await freshInvoice()}/cancel`), { reason: 'Matrix' }),
    },
    {
      route: yearRoute('POST', 'supplier-invoices/files'),
      allowed: financeWriters,
      call: (u) => uploadAs(u, 'files', pdfBytes),
    },
    {
      route: yearRoute('POST', 'supplier-invoices/prefill'),
      allowed: financeWriters,
      call: async (u) => uploadAs(u, 'prefill', await (invoicePdf ??= textInvoicePdf())),
    },
    {
      route: yearRoute('GET', 'supplier-invoices/:uuid/files/:fileId'),
      allowed: financeReaders,
      call: async (u) => {
        const { invoice } = await records();
        return as(h, u).get(year(`supplier-invoices/${invoice.uuid}/files/${invoice.fileId}`));
      },
    },
    {
      route: yearRoute('GET', 'supplier-invoices/:uuid/billbacks'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(year(`supplier-invoices/${(await records()).invoice.uuid}/billbacks`)),
    },
    {
      route: yearRoute('POST', 'supplier-invoices/:uuid/billbacks'),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(year(`supplier-invoices/${await freshInvoice()}/billbacks`), {
          amount: 5_000,
          rule: 'equal',
          units: [{ unitUuid: (await records()).unit }],
          date: '2026-03-20',
        }),
    },
    {
      route: yearRoute('GET', 'suppliers/:supplierUuid/payables'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(year(`suppliers/${(await records()).supplier}/payables`)),
    },
  ];

  const paymentCases: Case[] = [
    {
      route: yearRoute('POST', 'supplier-payments'),
      allowed: financeWriters,
      call: async (u) => {
        const s = await records();
        return as(h, u).post(
          year('supplier-payments'),
          await paymentBody(s.supplier, await freshInvoice(), 'wire-transfer'),
        );
      },
    },
    {
      route: yearRoute('GET', 'supplier-payments'),
      allowed: financeReaders,
      call: async (u) => {
        await freshPayment('pending');
        return as(h, u).get(year('supplier-payments'));
      },
    },
    {
      route: yearRoute('GET', 'supplier-payments/:uuid'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(year(`supplier-payments/${await freshPayment('pending')}`)),
    },
    {
      route: yearRoute('POST', 'supplier-payments/:uuid/decision'),
      allowed: approvers,
      // An approver decides once, while the payment waits: each call has a payment of its own.
      call: async (u) =>
        as(h, u).post(year(`supplier-payments/${await freshPayment('pending')}/decision`), {
          decision: 'approve',
        }),
    },
    {
      route: yearRoute('POST', 'supplier-payments/:uuid/notes'),
      allowed: paymentNoteWriters,
      call: async (u) =>
        as(h, u).post(year(`supplier-payments/${await freshPayment('pending')}/notes`), { note: 'Seen' }),
    },
    {
      route: yearRoute('POST', 'supplier-payments/:uuid/cancel'),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(year(`supplier-payments/${await freshPayment('posted')}/cancel`), { reason: 'Matrix' }),
    },
    {
      route: buildingRoute('GET', 'approval-rules'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(building('approval-rules')),
    },
    {
      route: buildingRoute('PUT', 'approval-rules'),
      allowed: managers,
      // The rules stay what they are: the pending payments of the other cases need them.
      call: async (u) => as(h, u).put(building('approval-rules'), (await records()).rules),
    },
    {
      route: yearRoute('GET', 'payables-dashboard'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(year('payables-dashboard')),
    },
  ];

  const checkCases: Case[] = [
    {
      route: yearRoute('POST', 'supplier-checks/print'),
      allowed: financeWriters,
      // A check prints once (then only as a reprint): each call has a posted check of its own.
      call: async (u) =>
        as(h, u).post(year('supplier-checks/print'), { paymentUuids: [await freshPayment('posted')] }),
    },
    {
      route: yearRoute('POST', 'supplier-payments/:uuid/void-check'),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(year(`supplier-payments/${await printedCheck()}/void-check`), { reason: 'Torn' }),
    },
    {
      route: buildingRoute('GET', 'banks/:bankUuid/check-numbering'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(building(`banks/${(await records()).bank}/check-numbering`)),
    },
    {
      route: buildingRoute('PUT', 'banks/:bankUuid/check-numbering'),
      allowed: financeWriters,
      // A bank of its own: the checks printed by the other cases keep their numbering.
      call: async (u) =>
        as(h, u).put(
          building(`banks/${await m.freshRecord('banks', bankBody('Numbered bank'))}/check-numbering`),
          { nextCheckNumber: 500 },
        ),
    },
  ];

  const recurringCases: Case[] = [
    {
      route: yearRoute('GET', 'recurring-bills'),
      allowed: financeReaders,
      call: async (u) => {
        await freshBill();
        return as(h, u).get(year('recurring-bills'));
      },
    },
    {
      route: yearRoute('POST', 'recurring-bills'),
      allowed: financeWriters,
      call: async (u) => {
        const s = await records();
        return as(h, u).post(year('recurring-bills'), billBody(s.category, s.bank));
      },
    },
    {
      route: yearRoute('PUT', 'recurring-bills/:uuid'),
      allowed: financeWriters,
      call: async (u) => {
        const s = await records();
        return as(h, u).put(year(`recurring-bills/${await freshBill()}`), {
          ...billBody(s.category, s.bank),
          amount: 6_000,
        });
      },
    },
    {
      route: yearRoute('POST', 'recurring-bills/:uuid/archive'),
      allowed: financeWriters,
      call: async (u) => as(h, u).post(year(`recurring-bills/${await freshBill()}/archive`)),
    },
    {
      route: yearRoute('PUT', 'recurring-billing-days'),
      allowed: financeWriters,
      // A supplier of its own: the building's list, which the bills of the other cases use, stays.
      call: async (u) =>
        as(h, u).put(year('recurring-billing-days'), {
          supplierUuid: await m.freshRecord('suppliers', supplierBody('Matrix Utility')),
          days: [1, 15],
        }),
    },
    {
      route: yearRoute('POST', 'recurring-bills/run'),
      allowed: financeWriters,
      // Before every bill's start: the run posts nothing other cases see.
      call: async (u) => {
        await freshBill();
        return as(h, u).post(year('recurring-bills/run'), { asOf: '2026-01-15' });
      },
    },
  ];

  /** A fresh supplier or unit, with its bank details stored when asked. */
  async function detailsOwner(collection: 'suppliers' | 'units', withDetails: boolean): Promise<string> {
    const uuid = await m.freshRecord(
      collection,
      collection === 'suppliers' ? supplierBody('Matrix Payee') : unitBody(),
    );
    if (withDetails) {
      expectStatus(
        await as(h, admin()).put(building(`${collection}/${uuid}/bank-details`), detailsBody),
        200,
        'bank details',
      );
    }
    return uuid;
  }

  const bankDetailsCases: Case[] = (['suppliers', 'units'] as const).flatMap((collection): Case[] => [
    {
      route: buildingRoute('GET', `${collection}/:uuid/bank-details`),
      allowed: financeReaders,
      call: async (u) =>
        as(h, u).get(building(`${collection}/${await detailsOwner(collection, true)}/bank-details`)),
    },
    {
      route: buildingRoute('PUT', `${collection}/:uuid/bank-details`),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).put(
          building(`${collection}/${await detailsOwner(collection, false)}/bank-details`),
          detailsBody,
        ),
    },
    {
      route: buildingRoute('POST', `${collection}/:uuid/bank-details/view`),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(building(`${collection}/${await detailsOwner(collection, true)}/bank-details/view`)),
    },
    {
      route: buildingRoute('DELETE', `${collection}/:uuid/bank-details`),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).delete(building(`${collection}/${await detailsOwner(collection, true)}/bank-details`)),
    },
  ]);

  const reportCases: Case[] = (
    [
      ['aging', '?asOf=2026-03-31'],
      ['invoices-by-category', '?from=2026-01-01&to=2026-12-31'],
      ['supplier-totals', ''],
      ['check-register', '?from=2026-01-01&to=2026-12-31'],
      ['payments-by-method', '?from=2026-01-01&to=2026-12-31'],
    ] as const
  ).map(([report, query]) => ({
    route: yearRoute('GET', `payables-reports/${report}`),
    allowed: financeReaders,
    call: async (u: TestUser | null) => {
      await records();
      return as(h, u).get(year(`payables-reports/${report}${query}`));
    },
  }));

  return [
    ...invoiceCases,
    ...paymentCases,
    ...checkCases,
    ...recurringCases,
    ...bankDetailsCases,
    ...reportCases,
  ];
};
