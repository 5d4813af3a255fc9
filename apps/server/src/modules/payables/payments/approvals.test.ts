import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../../test/harness';
import { createDirectly, setYearArchived, supplierBody } from '../../../test/registry-fixtures';
import {
  aidOf,
  balanceOf,
  eventsOf,
  mailsTo,
  payablesSetup,
  postings,
  type PayablesSetup,
} from '../test-fixtures';
import { decide, enterInvoice, pay, paymentBody, standing, transactionOf } from './test-payments';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const twoForChecks = { numberOfApprovalsRequired: 2, paymentMethodsRequiringApproval: ['check' as const] };
const oneForChecks = { numberOfApprovalsRequired: 1, paymentMethodsRequiringApproval: ['check' as const] };

async function pendingPayment(s: PayablesSetup, amount = 40_000) {
  const invoice = await enterInvoice(s, 100_000, { number: 'D-7' });
  const payment = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount }]));
  expect(payment).toMatchObject({ status: 'pending', approvalStatus: 'pending' });
  return { invoice, payment };
}

const viewAs = async (s: PayablesSetup, by: PayablesSetup['admin'], uuid: string) => {
  const res = await as(h, by).get(`${s.base}/supplier-payments/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('supplier payment approvals', () => {
  it('post the payment once two distinct approvers approved, and an approver decides once', async () => {
    const s = await payablesSetup(h, twoForChecks);
    const [first, second] = s.approvers;
    const { invoice, payment } = await pendingPayment(s);
    expect(payment.approvalsRequired).toBe(2);

    const once = await decide(s, first, payment.uuid, 'approve');
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ status: 'pending', approvalStatus: 'pending', canDecide: false });
    expect(once.json().approvals).toMatchObject([{ userId: first.id, decision: 'approved' }]);
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);

    const twice = await decide(s, first, payment.uuid, 'approve');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('alreadyDecided');
    expect((await viewAs(s, second, payment.uuid)).canDecide).toBe(true);

    const done = await decide(s, second, payment.uuid, 'approve', 'OK pour moi');
    expect(done.statusCode, done.body).toBe(200);
    const approved = done.json();
    expect(approved).toMatchObject({ status: 'posted', approvalStatus: 'approved', canDecide: false });
    expect(approved.notes).toMatchObject([{ note: 'OK pour moi', author: { id: second.id } }]);
    const posted = await transactionOf(s, approved.transactionUuid);
    expect(posted).toMatchObject({ kind: 'supplierPayment', date: '2026-03-15', paymentMethod: 'check' });
    expect(postings(posted)).toEqual([
      [s.supplier.aid, 40_000],
      [s.bank.aid, -40_000],
    ]);
    expect(posted.details).toMatchObject({
      approvalStatus: 'approved',
      approvedBy: [{ userId: first.id }, { userId: second.id }],
    });
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 40_000, pending: 0 });
    expect((await eventsOf(s, 'supplierPaymentApproved')).map((e) => e.metadata.outcome)).toEqual([
      'pending',
      'approved',
    ]);

    // Decided: a third approver finds it no longer waiting.
    const third = await createUser(h, 'approver-write');
    await grantBuildingRole(h, s.b, third, 'approverWrite');
    const late = await decide(s, third, payment.uuid, 'reject');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('paymentNotPending');
  });

  it('mail every approver in their language with the approvals page', async () => {
    const s = await payablesSetup(h, twoForChecks);
    const { payment } = await pendingPayment(s);
    const [en, fr] = s.approvers;
    const link = `http://localhost:3000/building/${s.b.ref}/2026-01-01/payments/approval`;
    const [english] = await mailsTo(h, en.email);
    expect(english?.subject).toBe('Payment to approve: Déneigement Nord, $400.00');
    expect(english?.text).toContain(
      'A payment of $400.00 to Déneigement Nord dated 2026-03-15 (invoices D-7)',
    );
    expect(english?.text).toContain(link);
    const [french] = await mailsTo(h, fr.email);
    expect(french?.subject).toBe('Paiement à approuver : Déneigement Nord, 400,00\u00a0$');
    expect(french?.text).toContain('attend votre approbation');
    expect(french?.html).toContain(`href="${link}"`);
    // Nobody else: not the admin who made it, not the accountant.
    expect(await mailsTo(h, s.admin.email)).toEqual([]);
    expect(await mailsTo(h, s.accountant.email)).toEqual([]);
    expect((await eventsOf(s, 'supplierPaymentCreated'))[0]?.metadata).toMatchObject({
      uuid: payment.uuid,
      approvalsRequired: 2,
      notified: expect.arrayContaining([en.email, fr.email]),
    });
  });

  it('rejected move nothing, free the invoice and tell the creator', async () => {
    const s = await payablesSetup(h, oneForChecks);
    const { invoice, payment } = await pendingPayment(s);
    const res = await decide(s, s.approvers[1], payment.uuid, 'reject', 'Mauvais montant');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      approvalStatus: 'rejected',
      transactionUuid: null,
    });
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 0, pending: 0 });
    const [mail] = await mailsTo(h, s.admin.email);
    expect(mail?.subject).toBe('Payment rejected: Déneigement Nord, $400.00');
    expect(mail?.text).toContain('Note: Mauvais montant');
    expect((await eventsOf(s, 'supplierPaymentRejected'))[0]?.metadata).toMatchObject({
      uuid: payment.uuid,
      note: 'Mauvais montant',
      notified: [s.admin.email],
    });
    // The other approver can no longer approve it; the creator can cancel it.
    expect((await decide(s, s.approvers[0], payment.uuid, 'approve')).json().code).toBe('paymentNotPending');
    const cancelled = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/cancel`, {
      reason: 'Rejected',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', approvalStatus: 'rejected' });
  });

  it('stay pending while fewer approvers than required approved', async () => {
    const s = await payablesSetup(h, {
      numberOfApprovalsRequired: 3,
      paymentMethodsRequiringApproval: ['check'],
    });
    const { payment } = await pendingPayment(s);
    for (const approver of s.approvers) {
      expect((await decide(s, approver, payment.uuid, 'approve')).statusCode).toBe(200);
    }
    const view = await viewAs(s, s.admin, payment.uuid);
    expect(view).toMatchObject({ status: 'pending', approvalStatus: 'pending', transactionUuid: null });
    expect(view.approvals).toHaveLength(2);
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);
  });

  it('are refused, nothing decided, once the payment’s year is archived', async () => {
    const s = await payablesSetup(h, oneForChecks);
    const { payment } = await pendingPayment(s);
    await setYearArchived(h, s.b, true);
    const res = await decide(s, s.approvers[0], payment.uuid, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('archivedFiscalYear');
    await setYearArchived(h, s.b, false);
    expect(await viewAs(s, s.admin, payment.uuid)).toMatchObject({
      approvalStatus: 'pending',
      approvals: [],
    });
  });

  it('follow the rules by amount and by supplier', async () => {
    const s = await payablesSetup(h, oneForChecks);
    const otherUuid = await createDirectly(h, s.b, 'suppliers', supplierBody('Plomberie Sud'));
    const other = { uuid: otherUuid, aid: await aidOf(h, s.b, otherUuid) };
    const rules = { minimumAmount: 50_000, suppliers: [{ supplierUuid: other.uuid, rule: 'always' }] };
    expect(
      (await as(h, s.accountant).put(`/api/buildings/${s.b.ref}/approval-rules`, rules)).statusCode,
    ).toBe(403);
    const saved = await as(h, s.admin).put(`/api/buildings/${s.b.ref}/approval-rules`, rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as(h, s.accountant).get(`/api/buildings/${s.b.ref}/approval-rules`)).json()).toEqual(rules);
    expect((await eventsOf(s, 'approvalRulesEdited'))[0]?.changes).toEqual([
      { field: 'minimumAmount', before: null, after: 50_000 },
      { field: 'suppliers', before: [], after: rules.suppliers },
    ]);

    const invoice = await enterInvoice(s, 200_000);
    const small = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 50_000 }]));
    expect(small).toMatchObject({ status: 'posted', approvalStatus: 'notRequired' });
    const large = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 50_001 }]));
    expect(large).toMatchObject({ status: 'pending', approvalsRequired: 1 });

    const otherInvoice = await enterInvoice(s, 1_000, { supplier: other });
    const always = await pay(
      s,
      paymentBody(s, [{ invoiceUuid: otherInvoice.uuid, amount: 100 }], {
        supplierUuid: other.uuid,
        paymentMethod: 'wire-transfer',
      }),
    );
    expect(always).toMatchObject({ status: 'pending', approvalStatus: 'pending', approvalsRequired: 1 });

    const never = { minimumAmount: null, suppliers: [{ supplierUuid: s.supplier.uuid, rule: 'never' }] };
    expect((await as(h, s.admin).put(`/api/buildings/${s.b.ref}/approval-rules`, never)).statusCode).toBe(
      200,
    );
    const released = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 90_000 }]));
    expect(released).toMatchObject({ status: 'posted', approvalStatus: 'notRequired' });

    const unknown = await as(h, s.admin).put(`/api/buildings/${s.b.ref}/approval-rules`, {
      minimumAmount: null,
      suppliers: [{ supplierUuid: s.bank.uuid, rule: 'never' }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('are not asked for a method the building does not list', async () => {
    const s = await payablesSetup(h, twoForChecks);
    const invoice = await enterInvoice(s, 10_000);
    const payment = await pay(
      s,
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 10_000 }], { paymentMethod: 'wire-transfer' }),
    );
    expect(payment).toMatchObject({ status: 'posted', approvalStatus: 'notRequired', approvalsRequired: 0 });
    expect(await mailsTo(h, s.approvers[0].email)).toEqual([]);
  });

  it('take notes with their author and tell the payment’s creator', async () => {
    const s = await payablesSetup(h, oneForChecks);
    const { payment } = await pendingPayment(s);
    const res = await as(h, s.approvers[0]).post(`${s.base}/supplier-payments/${payment.uuid}/notes`, {
      note: 'Which invoice is this?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notes).toMatchObject([
      { note: 'Which invoice is this?', author: { kind: 'user', id: s.approvers[0].id } },
    ]);
    const [mail] = await mailsTo(h, s.admin.email);
    expect(mail?.subject).toBe('Note on the payment to Déneigement Nord, $400.00');
    expect(mail?.text).toContain('Note: Which invoice is this?');
    expect((await eventsOf(s, 'supplierPaymentNoteAdded'))[0]?.metadata).toMatchObject({
      uuid: payment.uuid,
      note: 'Which invoice is this?',
    });
  });

  it('are open to each role as SPEC 6 and DOMAIN 7 say', async () => {
    const s = await payablesSetup(h, oneForChecks);
    const invoice = await enterInvoice(s, 10_000);
    const body = paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 1_000 }]);
    expect((await as(h, s.accountant).post(`${s.base}/supplier-payments`, body)).statusCode).toBe(403);
    const { payment } = await pendingPayment(s);
    expect((await decide(s, s.accountant, payment.uuid, 'approve')).statusCode).toBe(403);
    // payments.approve belongs to the approvers alone, not to the admin.
    expect((await decide(s, s.admin, payment.uuid, 'approve')).statusCode).toBe(403);
    expect((await viewAs(s, s.admin, payment.uuid)).canDecide).toBe(false);
    expect((await as(h, s.accountant).get(`${s.base}/supplier-payments`)).statusCode).toBe(200);
    expect(
      (await as(h, s.accountant).post(`${s.base}/supplier-payments/${payment.uuid}/cancel`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const owner = await createUser(h, 'owner');
    await grantBuildingRole(h, s.b, owner, 'owner');
    expect((await as(h, owner).get(`${s.base}/supplier-payments`)).statusCode).toBe(403);
    expect((await as(h, owner).get(`${s.base}/payables-dashboard`)).statusCode).toBe(403);
  });

  it('list by the approvals page filters, for each reader', async () => {
    const s = await payablesSetup(h, oneForChecks);
    const [first, second] = s.approvers;
    const invoice = await enterInvoice(s, 500_000);
    const line = (amount: number) => [{ invoiceUuid: invoice.uuid, amount }];
    const waiting = await pay(s, paymentBody(s, line(1_000)));
    const approvedCheck = await pay(s, paymentBody(s, line(2_000)));
    const rejected = await pay(s, paymentBody(s, line(3_000)));
    const released = await pay(s, paymentBody(s, line(4_000), { paymentMethod: 'wire-transfer' }));
    expect((await decide(s, first, approvedCheck.uuid, 'approve')).statusCode).toBe(200);
    expect((await decide(s, second, rejected.uuid, 'reject')).statusCode).toBe(200);

    const uuidsOf = async (by: PayablesSetup['admin'], query: string) => {
      const res = await as(h, by).get(`${s.base}/supplier-payments?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { uuid: string }[]).map((p) => p.uuid).sort();
    };
    const sorted = (...uuids: string[]) => [...uuids].sort();
    expect(await uuidsOf(first, 'filter=waitingForMe')).toEqual(sorted(waiting.uuid));
    expect(await uuidsOf(second, 'filter=waitingForMe')).toEqual(sorted(waiting.uuid));
    expect(await uuidsOf(s.admin, 'filter=waitingForMe')).toEqual([]);
    expect(await uuidsOf(first, 'filter=approvedByMe')).toEqual([approvedCheck.uuid]);
    expect(await uuidsOf(second, 'filter=approvedByMe')).toEqual([]);
    expect(await uuidsOf(second, 'filter=rejectedByMe')).toEqual([rejected.uuid]);
    expect(await uuidsOf(s.admin, 'filter=approved')).toEqual([approvedCheck.uuid]);
    expect(await uuidsOf(s.admin, 'filter=approvedPendingPayment')).toEqual([approvedCheck.uuid]);
    expect(await uuidsOf(s.admin, 'filter=approvedAndPaid')).toEqual([]);
    expect(await uuidsOf(s.admin, 'filter=released')).toEqual([released.uuid]);
    expect(await uuidsOf(s.admin, 'filter=pendingApproval')).toEqual([waiting.uuid]);
    expect(await uuidsOf(s.admin, 'filter=rejected')).toEqual([rejected.uuid]);
    expect(await uuidsOf(s.admin, 'filter=all')).toEqual(
      sorted(waiting.uuid, approvedCheck.uuid, rejected.uuid, released.uuid),
    );
    expect(await uuidsOf(s.admin, 'paymentMethod=wire-transfer')).toEqual([released.uuid]);
    const page = await as(h, s.admin).get(`${s.base}/supplier-payments?pageSize=3&page=2`);
    expect(page.json()).toMatchObject({ total: 4 });
    expect(page.json().items).toHaveLength(1);
    const list = await as(h, first).get(`${s.base}/supplier-payments?filter=waitingForMe`);
    expect(list.json().items[0].canDecide).toBe(true);
  });

  it('show on the dashboard the bills due by Sunday, overdue ones included, and the payments waiting for me', async () => {
    // The harness's today is Wednesday 2026-11-25 (Toronto): the week ends on Sunday the 29th.
    const s = await payablesSetup(h, oneForChecks);
    const dueFriday = await enterInvoice(s, 10_000, {
      number: 'W-1',
      date: '2026-11-01',
      dueDate: '2026-11-27',
    });
    const datedThursday = await enterInvoice(s, 20_000, { number: 'W-2', date: '2026-11-26' });
    await enterInvoice(s, 30_000, { number: 'W-3', date: '2026-11-01', dueDate: '2026-11-30' });
    await enterInvoice(s, 40_000, { number: 'W-4', date: '2026-11-01', dueDate: '2026-11-24' });
    await enterInvoice(s, 50_000, { number: 'W-5', date: '2026-11-27', creditNote: true });
    const paid = await enterInvoice(s, 60_000, { number: 'W-6', date: '2026-11-01', dueDate: '2026-11-29' });
    await pay(
      s,
      paymentBody(s, [{ invoiceUuid: paid.uuid, amount: 60_000 }], { paymentMethod: 'wire-transfer' }),
    );
    // Half of W-2 is held by a payment waiting for approval: the rest is still due.
    const waiting = await pay(s, paymentBody(s, [{ invoiceUuid: datedThursday.uuid, amount: 5_000 }]));

    const res = await as(h, s.approvers[0]).get(`${s.base}/payables-dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json();
    expect(
      dashboard.dueThisWeek.map((i: { number: string; unpaid: number }) => [i.number, i.unpaid]),
    ).toEqual([
      // Overdue since Tuesday: still to pay this week.
      ['W-4', 40_000],
      ['W-2', 15_000],
      ['W-1', 10_000],
    ]);
    expect(dashboard.dueThisWeekTotal).toBe(65_000);
    expect(dashboard.dueThisWeekCount).toBe(3);
    expect(dashboard.dueThisWeek[2]).toMatchObject({
      uuid: dueFriday.uuid,
      supplierName: 'Déneigement Nord',
    });
    expect(dashboard.waitingForMe.map((p: { uuid: string }) => p.uuid)).toEqual([waiting.uuid]);
    const accountant = (await as(h, s.accountant).get(`${s.base}/payables-dashboard`)).json();
    expect(accountant.waitingForMe).toEqual([]);
  });
});
