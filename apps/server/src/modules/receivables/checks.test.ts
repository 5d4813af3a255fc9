import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, postDatedSeries } from '@copro/domain';
import { as, createHarness, type Harness } from '../../test/harness';
import { issueKeys } from '../../test/registry-fixtures';
import { eventsOf, mailsTo, moneyInSetup, transactionCount, type MoneyInSetup } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const unitOf = (s: MoneyInSetup, i = 0) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

const checkBody = (unitUuid: string, extra: Record<string, unknown> = {}) => ({
  unitUuid,
  number: '501',
  amount: 31_250,
  date: '2026-05-01',
  ...extra,
});

describe('checks', () => {
  it('saves a series of post-dated checks as previewed and edited, waiting for their deposits', async () => {
    const s = await moneyInSetup(h);
    const unit = unitOf(s);
    const preview = postDatedSeries({
      firstNumber: '0098',
      count: 4,
      periodMonths: 3,
      firstDate: '2026-01-31',
      amount: cents(40_000),
    });
    // The last one edited before saving.
    const checks = preview.map((c, i) => (i === 3 ? { ...c, amount: 41_000 } : c));
    const res = await as(h, s.admin).post(`${s.base}/checks/series`, {
      unitUuid: unit.uuid,
      checks,
      notes: 'Year',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json()
        .map((c: { number: string; date: string; amount: number; status: string; notes: string }) => [
          c.number,
          c.date,
          c.amount,
          c.status,
          c.notes,
        ]),
    ).toEqual([
      ['0098', '2026-01-31', 40_000, 'recorded', 'Year'],
      ['0099', '2026-04-30', 40_000, 'recorded', 'Year'],
      ['0100', '2026-07-31', 40_000, 'recorded', 'Year'],
      ['0101', '2026-10-31', 41_000, 'recorded', 'Year'],
    ]);
    expect(await transactionCount(s)).toBe(0);
    expect((await eventsOf(s, 'checkRecorded')).length).toBe(4);
    const listed = (await as(h, s.admin).get(`${s.base}/checks?unitUuid=${unit.uuid}`)).json();
    expect(listed.map((c: { number: string }) => c.number)).toEqual(['0098', '0099', '0100', '0101']);
    const none = (await as(h, s.admin).get(`${s.base}/checks?unitUuid=${unitOf(s, 1).uuid}`)).json();
    expect(none).toEqual([]);
  });

  it('edits and deletes a check only while it waits for its deposit', async () => {
    const s = await moneyInSetup(h);
    const unit = unitOf(s);
    const created = await as(h, s.admin).post(`${s.base}/checks`, checkBody(unit.uuid));
    expect(created.statusCode, created.body).toBe(201);
    const uuid = created.json().uuid as string;
    const edited = await as(h, s.admin).put(
      `${s.base}/checks/${uuid}`,
      checkBody(unitOf(s, 1).uuid, { number: '502', amount: 30_000, notes: 'Fixed' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      unitUuid: unitOf(s, 1).uuid,
      unitNumber: unitOf(s, 1).number,
      number: '502',
      amount: 30_000,
      notes: 'Fixed',
      status: 'recorded',
    });
    const [log] = await eventsOf(s, 'checkEdited');
    expect(log?.changes?.map((c) => c.field).sort()).toEqual(['amount', 'notes', 'number', 'unitUuid']);

    const deposit = await as(h, s.admin).post(`${s.base}/deposits`, {
      description: 'Deposit',
      date: '2026-05-02',
      bankUuid: s.bank.uuid,
      checkUuids: [uuid],
      newChecks: [],
      cash: [],
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const refusedEdit = await as(h, s.admin).put(`${s.base}/checks/${uuid}`, checkBody(unit.uuid));
    expect(refusedEdit.statusCode).toBe(400);
    expect(issueKeys(refusedEdit)).toEqual([':receivables.validation.checkNotRecorded']);
    const refusedDelete = await as(h, s.admin).delete(`${s.base}/checks/${uuid}`);
    expect(issueKeys(refusedDelete)).toEqual([':receivables.validation.checkNotRecorded']);

    const other = await as(h, s.admin).post(`${s.base}/checks`, checkBody(unit.uuid, { number: '777' }));
    const otherUuid = other.json().uuid as string;
    const deleted = await as(h, s.admin).delete(`${s.base}/checks/${otherUuid}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = (await as(h, s.admin).get(`${s.base}/checks`)).json();
    expect(left.map((c: { uuid: string; status: string }) => [c.uuid, c.status])).toEqual([
      [uuid, 'deposited'],
    ]);
    expect((await eventsOf(s, 'checkDeleted')).map((l) => l.metadata.uuid)).toEqual([otherUuid]);
    expect((await as(h, s.admin).delete(`${s.base}/checks/${otherUuid}`)).statusCode).toBe(404);
  });

  it('emails the owners in their own language when the building asks for it', async () => {
    const s = await moneyInSetup(h, { sendEmailOnCheckSaved: true, name: 'Les Jardins' });
    const res = await as(h, s.admin).post(`${s.base}/checks`, checkBody(unitOf(s).uuid, { amount: 123_456 }));
    expect(res.statusCode, res.body).toBe(201);
    const [english] = await mailsTo(h, unitOf(s).ownerEmail);
    expect(english?.subject).toBe('Les Jardins: your check was received');
    expect(english?.text).toContain('We received check number 501 for $1,234.56 for unit');
    expect(english?.text).toContain('Hello Owner,');

    await as(h, s.admin).post(
      `${s.base}/checks`,
      checkBody(unitOf(s, 1).uuid, { number: '9', amount: 123_456 }),
    );
    const [french] = await mailsTo(h, unitOf(s, 1).ownerEmail);
    expect(french?.subject).toBe('Les Jardins : votre chèque a été reçu');
    expect(french?.text).toContain('Nous avons reçu le chèque numéro 9 de 1\u00a0234,56\u00a0$ pour l’unité');
    expect(french?.text).toContain('Bonjour Owner,');
  });

  it('writes to the owners in the building’s language when they chose none', async () => {
    const s = await moneyInSetup(h, { sendEmailOnCheckSaved: true, locale: 'fr-CA' });
    const [unit] = s.units;
    if (!unit) throw new Error('no unit');
    // The first owner chose English: the second person has no language of their own.
    const person = await as(h, s.admin).post(`${s.base}/people`, {
      lastName: 'Tremblay',
      emails: ['sans-langue@example.test'],
      phones: [],
      address: {},
      emergencyContact: {},
    });
    const unitRes = await as(h, s.admin).get(`${s.base}/units/${unit.uuid}`);
    const { owners } = unitRes.json();
    const put = await as(h, s.admin).put(`${s.base}/units/${unit.uuid}`, {
      ...pick(unitRes.json()),
      owners: [...owners, { personUuid: person.json().uuid }],
    });
    expect(put.statusCode, put.body).toBe(200);
    await as(h, s.admin).post(`${s.base}/checks`, checkBody(unit.uuid));
    const [mail] = await mailsTo(h, 'sans-langue@example.test');
    expect(mail?.subject).toContain('votre chèque a été reçu');
    const [english] = await mailsTo(h, unit.ownerEmail);
    expect(english?.subject).toContain('your check was received');
  });

  it('sends nothing when the building does not ask for it, or sends no emails at all', async () => {
    for (const settings of [
      { sendEmailOnCheckSaved: false },
      { sendEmailOnCheckSaved: true, sendNoEmails: true },
    ]) {
      const s = await moneyInSetup(h, settings);
      const res = await as(h, s.admin).post(`${s.base}/checks`, checkBody(unitOf(s).uuid));
      expect(res.statusCode, res.body).toBe(201);
      expect(await mailsTo(h, unitOf(s).ownerEmail)).toEqual([]);
    }
  });

  it('refuses a check of a unit of another building', async () => {
    const s = await moneyInSetup(h);
    const other = await moneyInSetup(h);
    const res = await as(h, s.admin).post(`${s.base}/checks`, checkBody(unitOf(other).uuid));
    expect(issueKeys(res)).toEqual(['unitUuid:receivables.validation.unitMissing']);
    const bad = await as(h, s.admin).post(`${s.base}/checks`, checkBody(unitOf(s).uuid, { number: '12 34' }));
    expect(issueKeys(bad)).toEqual(['number:validation.invalidIdentifier']);
  });
});

/** The unit's editable fields, as the unit form sends them back. */
function pick(unit: Record<string, unknown>): Record<string, unknown> {
  const fields = [
    'floor',
    'owners',
    'residents',
    'proxies',
    'parkings',
    'lockers',
    'paymentDay',
    'automaticPayment',
    'noMonthlyFees',
    'notes',
    'insurance',
    'waterHeater',
  ];
  return Object.fromEntries(Object.entries(unit).filter(([k]) => fields.includes(k)));
}
