import { bankDetailsSchema, type BankDetailsInput } from '@copro/domain';
import { prepareWith, type Prepared } from '../../../ui/prepare';

/** Who bank details belong to, by the API's path segment. */
export type BankDetailsOwner = 'suppliers' | 'units';

/** The bank details form (DOMAIN 7): the three numbers of a Canadian account and its holder. */
export interface BankDetailsValues {
  institution: string;
  transit: string;
  account: string;
  holderName: string;
}

export const blankBankDetails = (holderName = ''): BankDetailsValues => ({
  institution: '',
  transit: '',
  account: '',
  holderName,
});

/** Numbers are often copied with spaces ("003 12345"): the digits are what counts. */
const digitsOf = (text: string): string => text.replace(/\s+/g, '');

/** The API's body (bankDetailsSchema); SPEC 5's messages: 3 digits, 5 digits, 5 to 20 digits. */
export const prepareBankDetails = (values: BankDetailsValues): Prepared<BankDetailsInput> =>
  prepareWith(bankDetailsSchema, {
    institution: digitsOf(values.institution),
    transit: digitsOf(values.transit),
    account: digitsOf(values.account),
    holderName: values.holderName,
  });
