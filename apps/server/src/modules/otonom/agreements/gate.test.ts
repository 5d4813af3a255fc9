import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, type Harness } from '../../../test/harness';
import { createDirectly, issueKeys, personBody, unitBody } from '../../../test/registry-fixtures';
import { agreementOf, firstDebitOn, flagAgreement } from './index';
import {
  agreementSetup,
  editUnit,
  giveBankDetails,
  mailsTo,
  unitEvents,
  uploadSigned,
  type AgreementSetup,
} from './test-agreements';

// The harness's clock: 2026-11-25 at noon in Toronto, the building's time zone.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const unitAt = (s: AgreementSetup, i: number) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

/** The unit with everything automatic payment needs but the switch itself. */
async function readyUnit(s: AgreementSetup, i: number) {
  const unit = unitAt(s, i);
  await giveBankDetails(s, unit.uuid);
  expect((await uploadSigned(s, s.admin, unit.uuid)).statusCode).toBe(200);
  expect((await editUnit(s, unit.uuid, { paymentDay: 15 })).statusCode).toBe(200);
  return unit;
}

const switchOn = (s: AgreementSetup, uuid: string, extra: Record<string, unknown> = {}) =>
  editUnit(s, uuid, { automaticPayment: true, paymentDay: 15, ...extra });

describe('the gate of automatic payment (Rule H1)', () => {
  it('says on the unit what is missing, and refuses the switch for each', async () => {
    const s = await agreementSetup(h);
    const unit = unitAt(s, 0);
    const view = await as(h, s.admin).get(s.agreementUrl(unit.uuid));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({
      unitUuid: unit.uuid,
      signed: null,
      notice: null,
      flag: null,
      flaggedAt: null,
      hasBankDetails: false,
      automaticPayment: false,
      paymentDay: null,
      missing: [
        'otonom.validation.missingBankDetails',
        'otonom.validation.missingAgreement',
        'otonom.validation.noPaymentDay',
      ],
    });

    // No payment day: the unit's own schema says so first.
    const noDay = await editUnit(s, unit.uuid, { automaticPayment: true });
    expect(issueKeys(noDay)).toEqual(['paymentDay:validation.required']);

    const bare = await switchOn(s, unit.uuid);
    expect(bare.statusCode, bare.body).toBe(400);
    expect(issueKeys(bare)).toEqual([
      'automaticPayment:otonom.validation.missingBankDetails',
      'automaticPayment:otonom.validation.missingAgreement',
    ]);

    await giveBankDetails(s, unit.uuid);
    expect(issueKeys(await switchOn(s, unit.uuid))).toEqual([
      'automaticPayment:otonom.validation.missingAgreement',
    ]);

    expect((await uploadSigned(s, s.admin, unit.uuid)).statusCode).toBe(200);
    await h.platform.db.transaction((tx) =>
      flagAgreement(
        tx,
        s.b.id,
        unit.uuid,
        'revoked',
        { kind: 'system', id: 'backend' },
        h.platform.clock.now(),
      ),
    );
    const flagged = await switchOn(s, unit.uuid);
    expect(flagged.json().issues).toEqual([
      { path: ['automaticPayment'], key: 'otonom.validation.agreementRevoked' },
    ]);
    expect((await unitEvents(s, 'padAgreementFlagged', unit.uuid)).map((e) => e.metadata)).toEqual([
      { unitUuid: unit.uuid, flag: 'revoked' },
    ]);
    // Nothing was switched, nothing was sent.
    expect((await as(h, s.admin).get(`${s.base}/units/${unit.uuid}`)).json().automaticPayment).toBe(false);
    expect(await mailsTo(h, unit.ownerEmail)).toEqual([]);
    expect(await unitEvents(s, 'unitAutomatedPaymentAdded', unit.uuid)).toEqual([]);

    // A new signed copy clears the flag.
    const again = await uploadSigned(s, s.admin, unit.uuid);
    expect(again.json()).toMatchObject({
      flag: null,
      flaggedAt: null,
      missing: ['otonom.validation.noPaymentDay'],
    });
    expect((await switchOn(s, unit.uuid)).statusCode).toBe(200);
  });

  it('wants an owner the notice reaches, and a building that sends emails', async () => {
    const s = await agreementSetup(h);
    const ownerless = await createDirectly(h, s.b, 'units', unitBody());
    await giveBankDetails(s, ownerless);
    await uploadSigned(s, s.admin, ownerless);
    expect(issueKeys(await switchOn(s, ownerless))).toEqual([
      'automaticPayment:otonom.validation.noOwnerEmail',
    ]);
    // An owner without an address is no better.
    const silent = await createDirectly(h, s.b, 'people', personBody('Silent'));
    expect(issueKeys(await switchOn(s, ownerless, { owners: [{ personUuid: silent }] }))).toEqual([
      'automaticPayment:otonom.validation.noOwnerEmail',
    ]);

    const quiet = await agreementSetup(h, { sendNoEmails: true });
    const unit = unitAt(quiet, 0);
    await giveBankDetails(quiet, unit.uuid);
    await uploadSigned(quiet, quiet.admin, unit.uuid);
    expect(issueKeys(await switchOn(quiet, unit.uuid))).toEqual([
      'automaticPayment:padAgreement.validation.noEmails',
    ]);
  });

  it('refuses a unit created with automatic payment: it has neither details nor agreement yet', async () => {
    const s = await agreementSetup(h);
    const res = await as(h, s.admin).post(
      `${s.base}/units`,
      unitBody(undefined, { automaticPayment: true, paymentDay: 1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual([
      'automaticPayment:otonom.validation.missingBankDetails',
      'automaticPayment:otonom.validation.missingAgreement',
      'automaticPayment:otonom.validation.noOwnerEmail',
    ]);
  });

  it('switched on, mails the written notice in the owner’s language, 10 days or more before the first debit', async () => {
    const s = await agreementSetup(h);
    const unit = await readyUnit(s, 1);
    const before = await as(h, s.admin).get(s.agreementUrl(unit.uuid));
    expect(before.json().missing).toEqual([]);

    const res = await switchOn(s, unit.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().automaticPayment).toBe(true);

    const [mail, ...others] = await mailsTo(h, unit.ownerEmail);
    expect(others).toEqual([]);
    // The owner reads French: today 25 November, + 10 days is 5 December, the 15th comes next.
    expect(mail?.subject).toBe(
      `Débit préautorisé de l'unité ${unit.number} : premier débit le 15 décembre 2026`,
    );
    expect(mail?.text).toContain('Premier débit : 15 décembre 2026');
    expect(mail?.text).toContain('le 15 de chaque mois');
    expect(mail?.text).toContain('•••••210');
    expect(mail?.text).not.toContain('9876543210');
    expect(mail?.text).toContain('préavis écrit de 10 jours');

    const view = (await as(h, s.admin).get(s.agreementUrl(unit.uuid))).json();
    expect(view).toMatchObject({
      automaticPayment: true,
      paymentDay: 15,
      missing: [],
      notice: {
        sentAt: '2026-11-25T17:00:00.000Z',
        recipients: [unit.ownerEmail],
        firstDebitOn: '2026-12-15',
      },
    });
    const agreement = await agreementOf(h.platform.db, s.b.id, unit.uuid);
    expect(firstDebitOn(agreement)).toBe('2026-12-15');
    expect(firstDebitOn(null)).toBeNull();

    const [sent] = await unitEvents(s, 'padNoticeSent', unit.uuid);
    expect(sent?.metadata).toEqual({
      unitUuid: unit.uuid,
      kind: 'start',
      recipients: [unit.ownerEmail],
      firstDebitOn: '2026-12-15',
    });
    expect(sent?.source).toMatchObject({ kind: 'user', id: s.admin.id });
    expect(await unitEvents(s, 'unitAutomatedPaymentAdded', unit.uuid)).toHaveLength(1);

    // Saving the form again changes nothing and sends nothing.
    expect((await switchOn(s, unit.uuid)).statusCode).toBe(200);
    expect(await mailsTo(h, unit.ownerEmail)).toHaveLength(1);
  });

  it('mails the English owner in English, and a new notice when the payment day changes', async () => {
    const s = await agreementSetup(h);
    const unit = await readyUnit(s, 0);
    expect((await switchOn(s, unit.uuid, { paymentDay: 5 })).statusCode).toBe(200);
    const [first] = await mailsTo(h, unit.ownerEmail);
    expect(first?.subject).toBe(
      `Pre-authorized debit of unit ${unit.number}: first debit on December 5, 2026`,
    );

    expect((await switchOn(s, unit.uuid, { paymentDay: 1 })).statusCode).toBe(200);
    const mails = await mailsTo(h, unit.ownerEmail);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text).find((text) => text.includes('has changed'))).toContain(
      'First debit: January 1, 2027',
    );
    const view = (await as(h, s.admin).get(s.agreementUrl(unit.uuid))).json();
    expect(view.notice.firstDebitOn).toBe('2027-01-01');
    expect((await unitEvents(s, 'padNoticeSent', unit.uuid)).map((e) => e.metadata.kind).sort()).toEqual([
      'change',
      'start',
    ]);
    expect(await unitEvents(s, 'unitAutomatedPaymentAdded', unit.uuid)).toHaveLength(1);
  });

  it('switched off, logs it; the signed copy stays until then', async () => {
    const s = await agreementSetup(h);
    const unit = await readyUnit(s, 0);
    expect((await switchOn(s, unit.uuid)).statusCode).toBe(200);

    const refused = await as(h, s.admin).delete(`${s.agreementUrl(unit.uuid)}/signed`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: [], key: 'padAgreement.validation.automaticPaymentOn' }]);

    const off = await editUnit(s, unit.uuid, { automaticPayment: false });
    expect(off.statusCode, off.body).toBe(200);
    const [removed] = await unitEvents(s, 'unitAutomatedPaymentRemoved', unit.uuid);
    expect(removed?.metadata).toEqual({ unitUuid: unit.uuid, fiscalYear: '2026-01-01' });

    const deleted = await as(h, s.admin).delete(`${s.agreementUrl(unit.uuid)}/signed`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ signed: null, automaticPayment: false });
    expect(deleted.json().missing).toEqual(['otonom.validation.missingAgreement']);
    // Off, then on again without the agreement: refused.
    expect(issueKeys(await switchOn(s, unit.uuid))).toEqual([
      'automaticPayment:otonom.validation.missingAgreement',
    ]);
  });
});
