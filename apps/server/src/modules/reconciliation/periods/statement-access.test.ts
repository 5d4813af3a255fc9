import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankReconciliation, ReconciliationPeriod } from '@copro/domain';
import type { LiveEvent } from '../../../platform/events';
import { fileForm } from '../../payables/invoices/test-fixtures';
import type { Account } from '../../payables/test-fixtures';
import { as, createUser, grantBuildingRole, type TestUser } from '../../../test/harness';
import { issueKeys, pdfBytes } from '../../../test/registry-fixtures';
import {
  logsOf,
  newPeriod,
  ok,
  periodUrl,
  periodsSetup,
  reconciliationUrl,
  refused,
  type PeriodsSetup,
} from './test-fixtures';

let s: PeriodsSetup;
let bank: Account;
let period: ReconciliationPeriod;
const events: LiveEvent[] = [];
beforeAll(async () => {
  s = await periodsSetup();
  await s.h.platform.events.start(s.h.platform.database);
  s.h.platform.events.subscribe(s.b.id, (event) => events.push(event));
  bank = await s.newBank('Statements');
  period = await newPeriod(s, bank, {
    periodStart: '2026-01-01',
    periodEnd: '2026-02-01',
    startingBalance: 0,
  });
});
afterAll(async () => s.h.close());

const admin = () => as(s.h, s.admin);
const statementUrl = () => `${periodUrl(s, bank, period)}/statement`;

async function upload(user: TestUser, fileName: string, type = 'application/pdf', bytes = pdfBytes) {
  const form = await fileForm(fileName, type, bytes);
  return s.h.app.inject({
    method: 'PUT',
    url: statementUrl(),
    payload: form.payload,
    headers: { ...form.headers, cookie: user.cookie },
  });
}

describe('the statement PDF of a period', () => {
  it('takes one PDF, by its type and its name, serves it as a download and removes it', async () => {
    for (const [name, type] of [
      ['statement.pdf', 'text/plain'],
      ['statement.txt', 'application/pdf'],
    ] as const) {
      const res = await upload(s.admin, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(issueKeys(res)).toEqual(['file:validation.pdfOnly']);
    }
    const res = await upload(s.admin, 'Relevé janvier.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ReconciliationPeriod).statement).toMatchObject({
      fileName: 'Relevé janvier.pdf',
      size: pdfBytes.length,
    });
    const second = await upload(s.admin, 'again.pdf');
    expect(second.statusCode).toBe(400);
    expect(issueKeys(second)).toEqual(['file:validation.tooManyFiles']);

    const file = await admin().get(statementUrl());
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);
    const logs = await logsOf(s, 'bankReconciliationModified');
    expect(
      logs.filter((l) => (l.metadata as { action?: string }).action === 'statementAttached'),
    ).toHaveLength(1);

    const removed = await ok(admin().delete(statementUrl()));
    expect(removed.statement).toBeNull();
    expect((await admin().get(statementUrl())).statusCode).toBe(404);
  });

  it('keeps the statement of a reconciled period until it is reopened', async () => {
    const other = await s.newBank('Closed');
    const closed = await newPeriod(s, other, {
      periodStart: '2026-01-01',
      periodEnd: '2026-02-01',
      startingBalance: 0,
      closingBalance: 0,
    });
    await ok(admin().post(`${periodUrl(s, other, closed)}/reconcile`));
    const form = await fileForm('closed.pdf', 'application/pdf', pdfBytes);
    const url = `${periodUrl(s, other, closed)}/statement`;
    const res = await s.h.app.inject({
      method: 'PUT',
      url,
      payload: form.payload,
      headers: { ...form.headers, cookie: s.admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    await refused(admin().delete(url), 409, 'periodReconciled');
    await ok(admin().post(`${periodUrl(s, other, closed)}/reopen`));
    expect((await ok(admin().delete(url))).statement).toBeNull();
  });
});

describe('who reaches a bank’s reconciliation', () => {
  it('lets an accountant read but not write, and keeps owners and residents out', async () => {
    const accountant = await createUser(s.h, 'accountant');
    await grantBuildingRole(s.h, s.b, accountant, 'accountant');
    const reader = as(s.h, accountant);
    expect((await reader.get(reconciliationUrl(s, bank))).statusCode).toBe(200);
    expect((await reader.get(periodUrl(s, bank, period))).statusCode).toBe(200);
    await refused(
      reader.post(`${reconciliationUrl(s, bank)}/periods`, { periodEnd: '2026-03-01' }),
      403,
      'forbidden',
    );
    await refused(reader.put(periodUrl(s, bank, period), { closingBalance: 0 }), 403, 'forbidden');
    await refused(reader.put(`${periodUrl(s, bank, period)}/cleared`, { clear: [] }), 403, 'forbidden');
    await refused(reader.post(`${periodUrl(s, bank, period)}/reconcile`), 403, 'forbidden');
    await refused(reader.delete(periodUrl(s, bank, period)), 403, 'forbidden');
    expect((await upload(accountant, 'statement.pdf')).statusCode).toBe(403);
    for (const role of ['owner', 'resident'] as const) {
      const user = await createUser(s.h, role);
      await grantBuildingRole(s.h, s.b, user, role);
      await refused(as(s.h, user).get(reconciliationUrl(s, bank)), 403, 'forbidden');
      await refused(as(s.h, user).get(periodUrl(s, bank, period)), 403, 'forbidden');
    }
  });

  it('finds no unknown bank, no record of another collection, and no period of another bank', async () => {
    const missing = { uuid: crypto.randomUUID(), aid: 0 };
    await refused(admin().get(reconciliationUrl(s, missing)), 404, 'notFound');
    await refused(admin().get(reconciliationUrl(s, s.other)), 404, 'notFound');
    const another = await s.newBank('Another');
    await refused(admin().get(periodUrl(s, another, period)), 404, 'notFound');
    await refused(admin().put(periodUrl(s, another, period), { closingBalance: 1 }), 404, 'notFound');
  });
});

describe('writes', () => {
  it('are done once per idempotency key, and tell the bank’s open pages', async () => {
    const keyed = await s.newBank('Keyed');
    // PostgreSQL delivers events apart from the answers: the bank's creation is announced first.
    const ofBank = () => events.filter((e) => e.collection === 'banks' && e.ids.includes(keyed.uuid));
    await expect.poll(() => ofBank().length).toBe(1);
    const url = `${reconciliationUrl(s, keyed)}/periods`;
    const body = { periodStart: '2026-03-01', periodEnd: '2026-04-01', startingBalance: 0 };
    const send = () =>
      s.h.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { cookie: s.admin.cookie, 'idempotency-key': 'new-period-1' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await ok<BankReconciliation>(admin().get(reconciliationUrl(s, keyed)))).periods).toHaveLength(1);
    await expect.poll(() => ofBank().length).toBe(2);
    expect(ofBank()[1]).toEqual({ buildingId: s.b.id, collection: 'banks', ids: [keyed.uuid] });
    // The retry, answered from the stored answer, announced nothing: events come in commit order,
    // so once a later write's has come, it would have too.
    const later = await s.newBank('Later');
    await expect.poll(() => events.some((e) => e.ids.includes(later.uuid))).toBe(true);
    expect(ofBank()).toHaveLength(2);
  });
});
