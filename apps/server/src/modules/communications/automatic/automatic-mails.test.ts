import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AutomaticMailHistory, AutomaticMailPreview, AutomaticMailsPage } from '@copro/domain';
import { activityLog, job, outbox } from '../../../db/schema/index';
import { enqueueForEveryBuilding } from '../../../platform/building-jobs';
import { FixedClock } from '../../../platform/clock';
import { as, createHarness, type Harness, type TestUser } from '../../../test/harness';
import { createDirectly, createMember, personBody, unitBody } from '../../../test/registry-fixtures';
import { mailsTo, moneyInSetup, type MoneyInSetup } from '../../receivables/test-fixtures';
import { automaticMailsJob, runBuildingAutomaticMails } from './reminder-job';

const clock = new FixedClock('2026-11-25T17:00:00Z');
let h: Harness;
let s: MoneyInSetup;
let url: string;
const owners = { en: 'anne-reminders@example.test', fr: 'rene-reminders@example.test' };
let unit: string;

const run = (asOf: string) =>
  runBuildingAutomaticMails(
    h.platform.db,
    { mailer: h.platform.mailer, publicUrl: 'http://copro.test' },
    s.b.id,
    asOf,
  );
const admin = () => as(h, s.admin);
const sentLogs = () =>
  h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, 'automaticMailSent')));

beforeAll(async () => {
  h = await createHarness({}, clock);
  s = await moneyInSetup(h, {
    sendEmailOnCheckSaved: true,
    name: 'Les Cèdres',
    timeZone: 'America/Montreal',
  });
  url = `/api/buildings/${s.b.ref}/automatic-mails`;
  const anne = await createDirectly(
    h,
    s.b,
    'people',
    personBody('Tremblay', [owners.en], {
      firstName: 'Anne',
      locale: 'en-CA',
      phones: [{ number: '514-555-0101', type: 'cell' }],
    }),
  );
  const rene = await createDirectly(
    h,
    s.b,
    'people',
    personBody('Roy', [owners.fr], {
      firstName: 'René',
      locale: 'fr-CA',
      phones: [{ number: '514-555-0102', type: 'cell' }],
    }),
  );
  unit = await createDirectly(
    h,
    s.b,
    'units',
    unitBody('204', {
      floor: '2',
      owners: [{ personUuid: anne }, { personUuid: rene }],
      insurance: { provider: 'Desjardins', endDate: '2027-01-15' },
      // Ten years old on 2026-12-28; no warranty end: "incomplete", a kind left off below.
      waterHeater: { installationDate: '2016-12-28' },
    }),
  );
});
afterAll(async () => h.close());

describe('automatic communications', () => {
  it('sends nothing before the building turns a reminder on', async () => {
    expect(await run('2026-12-20')).toEqual({ sent: 0 });
  });

  it('saves which reminders are on and when, logged', async () => {
    const res = await admin().put(`${url}/settings`, {
      enabled: ['waterHeaterLife', 'insuranceExpiring'],
      insuranceDaysBefore: 30,
      warrantyDaysBefore: 60,
      waterHeaterLifeYears: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await admin().get(url)).json() as AutomaticMailsPage;
    expect(page.settings.enabled).toEqual(['insuranceExpiring', 'waterHeaterLife']);
    const [log] = await h.platform.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, 'automaticCommunicationsEdited')));
    expect(log?.changes).toContainEqual({
      field: 'enabled',
      before: [],
      after: ['insuranceExpiring', 'waterHeaterLife'],
    });
  });

  it('sends each due episode once, to each owner in their language, however often and late it runs', async () => {
    // The insurance window opens on 2026-12-16 (30 days before the 2027-01-15 end).
    expect(await run('2026-12-15')).toEqual({ sent: 0 });
    expect(await run('2026-12-20')).toEqual({ sent: 1 });
    expect(await run('2026-12-20')).toEqual({ sent: 0 });
    const [english] = await mailsTo(h, owners.en);
    expect(english?.subject).toBe('Les Cèdres: the insurance of unit 204 ends on 2027-01-15');
    expect(english?.text).toContain('Hello Anne Tremblay,');
    expect(english?.text).toContain('(Desjardins)');
    expect(english?.text).toContain(`http://copro.test/building/${s.b.ref}/units/info/${unit}`);
    const [french] = await mailsTo(h, owners.fr);
    expect(french?.subject).toBe('Les Cèdres : l’assurance de l’unité 204 prend fin le 2027-01-15');
    expect(french?.text).toContain('Bonjour René Roy,');
    // A late run across the year end: the heater turned ten on 2026-12-28, the insurance is done.
    expect(await run('2027-01-05')).toEqual({ sent: 1 });
    expect(await run('2027-01-06')).toEqual({ sent: 0 });
    const life = await mailsTo(h, owners.fr);
    expect(life.map((m) => m.subject)).toEqual([
      'Les Cèdres : l’assurance de l’unité 204 prend fin le 2027-01-15',
      'Les Cèdres : le chauffe-eau de l’unité 204 devrait être remplacé',
    ]);
    const logs = await sentLogs();
    expect(logs.map((l) => [l.metadata.kind, l.metadata.unitUuid, l.indexes])).toEqual([
      ['insuranceExpiring', unit, [unit]],
      ['waterHeaterLife', unit, [unit]],
    ]);
    // The disabled kinds (the heater's missing warranty, the other units' missing insurance) sent nothing.
    const sentKinds = (await mailsTo(h, s.units[0]!.ownerEmail)).length;
    expect(sentKinds).toBe(0);
  });

  it('lists what was sent, newest first, a page at a time', async () => {
    const page = (await admin().get(`${url}/history?page=1&pageSize=1`)).json() as AutomaticMailHistory;
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      {
        uuid: expect.any(String),
        kind: 'waterHeaterLife',
        unitUuid: unit,
        unitNumber: '204',
        sentOn: '2027-01-05',
        recipients: expect.arrayContaining([owners.en, owners.fr]),
      },
    ]);
    const second = (await admin().get(`${url}/history?page=2&pageSize=1`)).json() as AutomaticMailHistory;
    expect(second.items.map((i) => i.kind)).toEqual(['insuranceExpiring']);
  });

  it('sends and records nothing while the building sends no emails', async () => {
    const quiet = await moneyInSetup(h, { sendNoEmails: true });
    await as(h, quiet.admin).put(`/api/buildings/${quiet.b.ref}/automatic-mails/settings`, {
      enabled: ['insuranceProofMissing'],
      insuranceDaysBefore: 30,
      warrantyDaysBefore: 60,
      waterHeaterLifeYears: 10,
    });
    const ctx = { mailer: h.platform.mailer, publicUrl: 'http://copro.test' };
    expect(await runBuildingAutomaticMails(h.platform.db, ctx, quiet.b.id, '2026-12-01')).toEqual({
      sent: 0,
    });
    const history = (
      await as(h, quiet.admin).get(`/api/buildings/${quiet.b.ref}/automatic-mails/history`)
    ).json();
    expect(history.total).toBe(0);
  });
});

describe('the daily job', () => {
  it('runs each building as of its own today: at 03:30 UTC on December 16th, Montreal is still on the 15th', async () => {
    const m = await moneyInSetup(h, { timeZone: 'America/Montreal' });
    const owner = await createDirectly(h, m.b, 'people', personBody('Gagnon', ['gagnon-job@example.test']));
    await createDirectly(
      h,
      m.b,
      'units',
      unitBody('310', {
        owners: [{ personUuid: owner }],
        insurance: { provider: 'Intact', endDate: '2027-01-15' },
      }),
    );
    const settings = {
      enabled: ['insuranceExpiring'],
      insuranceDaysBefore: 30,
      warrantyDaysBefore: 60,
      waterHeaterLifeYears: 10,
    };
    expect(
      (await as(h, m.admin).put(`/api/buildings/${m.b.ref}/automatic-mails/settings`, settings)).statusCode,
    ).toBe(200);
    const jobs = async () =>
      (
        await h.platform.db
          .select()
          .from(job)
          .where(and(eq(job.name, automaticMailsJob), eq(job.buildingId, m.b.id)))
          .orderBy(asc(job.createdAt))
      ).map((j) => [j.payload.asOf, j.result]);

    clock.set('2026-12-16T03:30:00Z');
    await enqueueForEveryBuilding(h.platform, automaticMailsJob);
    await h.platform.jobs.drain();
    expect(await mailsTo(h, 'gagnon-job@example.test')).toEqual([]);
    clock.set('2026-12-16T12:00:00Z');
    await enqueueForEveryBuilding(h.platform, automaticMailsJob);
    await h.platform.jobs.drain();
    expect((await mailsTo(h, 'gagnon-job@example.test')).map((mail) => mail.subject)).toEqual([
      `Building ${m.b.ref}: the insurance of unit 310 ends on 2027-01-15`,
    ]);
    expect(await jobs()).toEqual([
      ['2026-12-15', { sent: 0 }],
      ['2026-12-16', { sent: 1 }],
    ]);
    clock.set('2026-11-25T17:00:00Z');
  });
});

describe('automatic mail templates', () => {
  const checkBody = (unitUuid: string, number: string) => ({
    unitUuid,
    number,
    amount: 10_000,
    date: '2026-05-01',
  });

  it('lists every kind with its default text in both languages', async () => {
    const page = (await admin().get(url)).json() as AutomaticMailsPage;
    const checkSaved = page.templates.find((t) => t.kind === 'checkSaved');
    expect(checkSaved?.texts.map((t) => [t.language, t.subject, t.customized])).toEqual([
      ['en', '{{buildingName}}: your check was received', false],
      ['fr', '{{buildingName}} : votre chèque a été reçu', false],
    ]);
    expect(checkSaved?.fields).toContain('checkNumber');
    expect(page.templates.find((t) => t.kind === 'arrearsAlert')?.audience).toBe('staff');
  });

  it('uses the building’s text for the check-received mail, and the default again once reset', async () => {
    const edited = await admin().put(`${url}/templates/checkSaved/en`, {
      subject: 'Check {{checkNumber}} received',
      body: 'Dear {{recipientName}}, check {{checkNumber}} of {{amount}} for unit {{unitNumber}} arrived.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().texts[0]).toMatchObject({
      customized: true,
      subject: 'Check {{checkNumber}} received',
    });
    const owner = s.units[0]!;
    expect((await admin().post(`${s.base}/checks`, checkBody(owner.uuid, '77'))).statusCode).toBe(201);
    const [custom] = await mailsTo(h, owner.ownerEmail);
    expect(custom?.subject).toBe('Check 77 received');
    expect(custom?.text).toBe(`Dear Owner, check 77 of $100.00 for unit ${owner.number} arrived.`);
    // French readers keep the default: the building rewrote only the English text.
    const [french] = await mailsTo(h, s.units[1]!.ownerEmail);
    expect(french).toBeUndefined();
    expect((await admin().post(`${s.base}/checks`, checkBody(s.units[1]!.uuid, '78'))).statusCode).toBe(201);
    expect((await mailsTo(h, s.units[1]!.ownerEmail))[0]?.subject).toBe(
      'Les Cèdres : votre chèque a été reçu',
    );

    const reset = await admin().delete(`${url}/templates/checkSaved/en`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().texts[0].customized).toBe(false);
    expect((await admin().delete(`${url}/templates/checkSaved/en`)).statusCode).toBe(404);
    expect((await admin().post(`${s.base}/checks`, checkBody(owner.uuid, '79'))).statusCode).toBe(201);
    const mails = await h.platform.db.select().from(outbox).where(eq(outbox.to, owner.ownerEmail));
    expect(mails.map((m) => m.subject)).toEqual(['Check 77 received', 'Les Cèdres: your check was received']);
    const logs = await h.platform.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, 'automaticMailTemplateEdited')));
    expect(logs.map((l) => l.metadata)).toEqual([
      { kind: 'checkSaved', language: 'en', reset: false },
      { kind: 'checkSaved', language: 'en', reset: true },
    ]);
  });

  it('previews a text with a real unit’s owner, number and balance, and names what it lacks', async () => {
    const body =
      'Hello {{ownerName}}, unit {{unitNumber}} (floor {{floor}}) owes {{balance}}. Check {{checkNumber}}.';
    const query = new URLSearchParams({
      kind: 'checkSaved',
      unitUuid: unit,
      language: 'fr',
      subject: 'Unité {{unitNumber}}',
      body,
    });
    const res = await admin().get(`${url}/preview?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      subject: 'Unité 204',
      text: 'Hello Anne Tremblay, René Roy, unit 204 (floor 2) owes 0,00\u00a0$. Check {{checkNumber}}.',
      html: '<p>Hello Anne Tremblay, René Roy, unit 204 (floor 2) owes 0,00\u00a0$. Check {{checkNumber}}.</p>',
      missing: ['checkNumber'],
    } satisfies AutomaticMailPreview);
    const saved = (
      await admin().get(`${url}/preview?kind=insuranceExpiring&unitUuid=${unit}&language=en`)
    ).json() as AutomaticMailPreview;
    expect(saved.subject).toBe('Les Cèdres: the insurance of unit 204 ends on 2027-01-15');
    expect(saved.missing).toEqual([]);
    const unknown = await admin().get(
      `${url}/preview?kind=checkSaved&unitUuid=${crypto.randomUUID()}&language=en`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an empty text', async () => {
    const res = await admin().put(`${url}/templates/statement/fr`, { subject: ' ', body: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('who manages automatic communications', () => {
  const members: Record<string, TestUser> = {};
  beforeAll(async () => {
    for (const role of ['approver', 'accountant', 'handler', 'owner', 'resident'] as const)
      members[role] = await createMember(h, s.b, role, role);
  });

  it('admins and approvers do; accountants, handlers, owners and residents are refused', async () => {
    const statuses = async (u: TestUser) => [
      (await as(h, u).get(url)).statusCode,
      (await as(h, u).get(`${url}/history`)).statusCode,
      (await as(h, u).put(`${url}/templates/statement/en`, { subject: 'S {{unitNumber}}', body: 'B' }))
        .statusCode,
    ];
    expect(await statuses(s.admin)).toEqual([200, 200, 200]);
    expect(await statuses(members.approver!)).toEqual([200, 200, 200]);
    for (const role of ['accountant', 'handler', 'owner', 'resident'])
      expect(await statuses(members[role]!), role).toEqual([403, 403, 403]);
  });
});
