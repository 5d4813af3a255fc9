import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { padSetting } from '../../../db/schema/index';
import { as, createHarness, type Harness } from '../../../test/harness';
import { pdfText } from '../../../test/report-files';
import {
  agreementSetup,
  detailsBody,
  editUnit,
  giveBankDetails,
  type AgreementSetup,
} from './test-agreements';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const firstUnit = (s: AgreementSetup) => {
  const unit = s.units[0];
  if (!unit) throw new Error('no unit');
  return unit;
};

async function formOf(s: AgreementSetup, unitUuid: string, query = '') {
  const res = await as(h, s.admin).get(`${s.agreementUrl(unitUuid)}/form.pdf${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { res, text: pdfText(res.rawPayload) };
}

describe('the agreement form', () => {
  it('is a PDF in the building’s language by default, filled from the unit, with lines for what is missing', async () => {
    const s = await agreementSetup(h, {
      name: 'Les Jardins du Parc',
      address: { street: '12 rue des Érables', city: 'Laval' },
    });
    const unit = firstUnit(s);
    const { res, text } = await formOf(s, unit.uuid);
    expect(res.headers['content-disposition']).toContain(`pad-agreement-unit-${unit.number}.pdf`);
    expect(text).toContain("Payor's Pre-Authorized Debit (PAD) Agreement");
    expect(text).toContain(unit.number);
    expect(text).toContain('Les Jardins du Parc');
    expect(text).toContain('12 rue des Érables, Laval');
    // The unit has no bank details yet: the form asks for them.
    expect(text).toContain('attach a cheque marked "VOID"');
    for (const clause of ['Written notice', 'Cancellation', 'Recourse rights', 'Signatures of the payors']) {
      expect(text).toContain(clause);
    }
    expect(text).not.toContain('Annulation');
  });

  it('speaks French when asked, prints the redacted account only, the payment day and the balance basis', async () => {
    const s = await agreementSetup(h);
    const unit = firstUnit(s);
    await giveBankDetails(s, unit.uuid);
    expect((await editUnit(s, unit.uuid, { paymentDay: 20 })).statusCode).toBe(200);
    await h.platform.db.insert(padSetting).values({ buildingId: s.b.id, debitAmount: 'balance' });

    const { res, text } = await formOf(s, unit.uuid, '?language=fr');
    expect(res.headers['content-disposition']).toContain(`accord-dpa-unite-${unit.number}.pdf`);
    expect(text).toContain('Accord de débit préautorisé (DPA) du payeur');
    expect(text).toContain(unit.number);
    for (const clause of ['Préavis écrit', 'Annulation', 'Droits de recours']) expect(text).toContain(clause);
    expect(text).toContain('Le 20 de chaque mois');
    expect(text).toContain('le solde du compte');
    expect(text).toContain(detailsBody.institution);
    expect(text).toContain(detailsBody.transit);
    expect(text).toContain('210');
    expect(text).not.toContain(detailsBody.account);
    expect(text).not.toContain('Cancellation');

    const english = await formOf(s, unit.uuid, '?language=en');
    expect(english.text).toContain('Day 20 of each month');
    expect((await as(h, s.admin).get(`${s.agreementUrl(unit.uuid)}/form.pdf?language=de`)).statusCode).toBe(
      400,
    );
  });
});
