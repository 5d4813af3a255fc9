import { describe, expect, it } from 'vitest';
import { blankBankDetails, prepareBankDetails } from './bank-details-values';

const keysOf = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => `${issue.path.join('.')} ${issue.key}`);

describe('prepareBankDetails', () => {
  it('sends the digits as copied, spaces left out', () => {
    expect(
      prepareBankDetails({
        institution: '815',
        transit: '30 001',
        account: '1234 567 8',
        holderName: ' Déneigement Lavoie ',
      }),
    ).toEqual({
      issues: [],
      input: { institution: '815', transit: '30001', account: '12345678', holderName: 'Déneigement Lavoie' },
    });
  });

  it('says SPEC 5’s messages: 3 digits, 5 digits, 5 to 20 digits, and the holder required', () => {
    expect(
      keysOf(
        prepareBankDetails({ institution: '81', transit: '3000a', account: '1234', holderName: '' }).issues,
      ),
    ).toEqual([
      'institution validation.mustBe3Digits',
      'transit validation.mustBe5Digits',
      'account validation.accountNumber',
      'holderName validation.required',
    ]);
    expect(
      keysOf(
        prepareBankDetails({
          ...blankBankDetails('X'),
          institution: '815',
          transit: '30001',
          account: '1'.repeat(21),
        }).issues,
      ),
    ).toEqual(['account validation.accountNumber']);
  });
});
