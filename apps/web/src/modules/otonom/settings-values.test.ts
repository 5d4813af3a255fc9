import { describe, expect, it } from 'vitest';
import type { BankView, PadSettings } from '@copro/domain';
import { defaultBankUuid, prepareSettings, settingsValues, type SettingsValues } from './settings-values';

const bank = '22222222-2222-4222-8222-222222222222';
const cpa005 = {
  originatorId: 'ABC1234567',
  shortName: 'SDC DU PARC',
  longName: 'SYNDICAT DU 12 RUE DU PARC',
  destinationDataCentre: '00610',
  currency: 'CAD',
  returnInstitution: '815',
  returnTransit: '30001',
  returnAccount: '1234567',
} as const;
const saved: PadSettings = { channel: 'cpa005', debitAmount: 'balance', bankUuid: bank, cpa005 };

const blank = settingsValues(null, { bankUuid: bank, currency: 'CAD' });
const issuesOf = (values: SettingsValues) =>
  prepareSettings(values).issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

describe('pre-authorized debit settings form', () => {
  it('proposes the building’s default bank while it is in use', () => {
    const other = '33333333-3333-4333-8333-333333333333';
    const banks = [
      { uuid: other, aid: 1010, archived: false },
      { uuid: bank, aid: 1020, archived: false },
    ] as BankView[];
    expect(defaultBankUuid(banks, '1020')).toBe(bank);
    expect(defaultBankUuid(banks, null)).toBe('');
    expect(defaultBankUuid([{ ...banks[1], archived: true } as BankView], '1020')).toBe('');
  });

  it('starts a building never set up on the partner, the month’s fee and its default bank', () => {
    expect(blank).toEqual({
      channel: 'otonom',
      debitAmount: 'monthlyFee',
      bankUuid: bank,
      cpa005: {
        originatorId: '',
        shortName: '',
        longName: '',
        destinationDataCentre: '',
        currency: 'CAD',
        returnInstitution: '',
        returnTransit: '',
        returnAccount: '',
      },
    });
    expect(settingsValues(null, { bankUuid: '', currency: 'USD' }).cpa005.currency).toBe('USD');
    // A currency the format does not have starts on the Canadian dollar.
    expect(settingsValues(null, { bankUuid: '', currency: 'EUR' }).cpa005.currency).toBe('CAD');
  });

  it('shows the saved settings, and sends them back unchanged', () => {
    const values = settingsValues(saved, { bankUuid: '', currency: 'USD' });
    expect(values.cpa005.currency).toBe('CAD');
    expect(prepareSettings(values)).toEqual({ input: saved, issues: [] });
  });

  it('sends the partner’s channel without CPA-005 fields left incomplete', () => {
    expect(prepareSettings(blank)).toEqual({
      input: { channel: 'otonom', debitAmount: 'monthlyFee', bankUuid: bank },
      issues: [],
    });
    const half = { ...blank, cpa005: { ...blank.cpa005, originatorId: 'ABC' } };
    expect(prepareSettings(half).input).toEqual({
      channel: 'otonom',
      debitAmount: 'monthlyFee',
      bankUuid: bank,
    });
  });

  it('keeps complete CPA-005 fields on the partner’s channel, so switching back loses nothing', () => {
    const values = {
      ...settingsValues(saved, { bankUuid: '', currency: 'CAD' }),
      channel: 'otonom' as const,
    };
    expect(prepareSettings(values).input).toEqual({ ...saved, channel: 'otonom' });
  });

  it('asks the bank the debits land in', () => {
    expect(issuesOf({ ...blank, bankUuid: '' })).toEqual(['bankUuid otonom.validation.noBank']);
  });

  it('asks every CPA-005 field for a bank file, with the shared messages', () => {
    expect(issuesOf({ ...blank, channel: 'cpa005' })).toEqual([
      'cpa005.originatorId validation.required',
      'cpa005.shortName validation.required',
      'cpa005.longName validation.required',
      'cpa005.destinationDataCentre validation.required',
      'cpa005.returnInstitution validation.required',
      'cpa005.returnTransit validation.required',
      'cpa005.returnAccount validation.required',
    ]);
  });

  it('says what is wrong with each CPA-005 field, and trims what was typed', () => {
    const values: SettingsValues = {
      ...blank,
      channel: 'cpa005',
      cpa005: {
        originatorId: 'ABC-123',
        shortName: 'A NAME TOO LONG FOR IT',
        longName: '  SYNDICAT  ',
        destinationDataCentre: '610',
        currency: 'CAD',
        returnInstitution: '8150',
        returnTransit: '3000',
        returnAccount: '1234567890123',
      },
    };
    expect(issuesOf(values)).toEqual([
      'cpa005.originatorId validation.invalidIdentifier',
      'cpa005.shortName validation.tooLong',
      'cpa005.destinationDataCentre validation.mustBe5Digits',
      'cpa005.returnInstitution validation.mustBe3Digits',
      'cpa005.returnTransit validation.mustBe5Digits',
      'cpa005.returnAccount validation.invalidIdentifier',
    ]);
    const fixed = { ...values, cpa005: { ...cpa005, longName: '  SYNDICAT  ' } };
    expect(prepareSettings(fixed).input?.cpa005?.longName).toBe('SYNDICAT');
  });
});
