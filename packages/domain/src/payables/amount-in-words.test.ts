import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../locale';
import {
  amountInWords,
  checkCurrencies,
  largestCheckAmount,
  smallestCheckAmount,
  type CheckCurrency,
} from './amount-in-words';

const languages: Language[] = ['en', 'fr'];
const amounts = fc.integer({ min: smallestCheckAmount, max: largestCheckAmount });
const anyLanguage = fc.constantFrom(...languages);
const anyCurrency = fc.constantFrom(...checkCurrencies);

/** [cents, English words, French words] of CAD; USD only changes the currency's name. */
const table: [number, string, string][] = [
  [1, 'Zero and 01/100', 'Zéro et 01/100'],
  [100, 'One and 00/100', 'Un et 00/100'],
  [2_121, 'Twenty-one and 21/100', 'Vingt et un et 21/100'],
  [8_000, 'Eighty and 00/100', 'Quatre-vingts et 00/100'],
  [10_000, 'One hundred and 00/100', 'Cent et 00/100'],
  [123_456, 'One thousand two hundred thirty-four and 56/100', 'Mille deux cent trente-quatre et 56/100'],
  [8_008_000, 'Eighty thousand eighty and 00/100', 'Quatre-vingt mille quatre-vingts et 00/100'],
  [100_000_000, 'One million and 00/100', 'Un million et 00/100'],
  [20_000_000_000, 'Two hundred million and 00/100', 'Deux cents millions et 00/100'],
  [
    largestCheckAmount,
    'Nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine and 99/100',
    'Neuf cent quatre-vingt-dix-neuf millions neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf et 99/100',
  ],
];

const currencyName: Record<Language, Record<CheckCurrency, string>> = {
  en: { CAD: 'dollars', USD: 'US dollars' },
  fr: { CAD: 'dollars', USD: 'dollars américains' },
};

describe('amountInWords', () => {
  for (const [amount, english, french] of table) {
    for (const currency of checkCurrencies) {
      it(`writes ${amount} cents ${currency} in both languages`, () => {
        expect(amountInWords(amount, currency, 'en')).toBe(`${english} ${currencyName.en[currency]}`);
        expect(amountInWords(amount, currency, 'fr')).toBe(`${french} ${currencyName.fr[currency]}`);
      });
    }
  }

  it('uses no digits but the cents over 100, which are the amount’s', () => {
    fc.assert(
      fc.property(amounts, anyCurrency, anyLanguage, (amount, currency, language) => {
        const words = amountInWords(amount, currency, language);
        const fractions = words.match(/\d+\/100/g) ?? [];
        expect(fractions).toEqual([`${String(amount % 100).padStart(2, '0')}/100`]);
        expect(words.replace(/\d{2}\/100/, '')).not.toMatch(/\d/);
      }),
    );
  });

  it('is one sentence in the currency, starting with a capital', () => {
    fc.assert(
      fc.property(amounts, anyCurrency, anyLanguage, (amount, currency, language) => {
        const words = amountInWords(amount, currency, language);
        expect(words.endsWith(` ${currencyName[language][currency]}`)).toBe(true);
        expect(words.charAt(0)).toMatch(/[A-ZÉ]/);
        expect(words.slice(1)).toBe(words.slice(1).toLowerCase().replace('us dollars', 'US dollars'));
        expect(words).not.toMatch(/\s{2}|^\s|\s$/);
      }),
    );
  });

  it('never writes two amounts alike', () => {
    fc.assert(
      fc.property(amounts, amounts, anyLanguage, (a, b, language) => {
        fc.pre(a !== b);
        expect(amountInWords(a, 'CAD', language)).not.toBe(amountInWords(b, 'CAD', language));
      }),
    );
  });

  it('refuses amounts outside 0.01 to 999 999 999.99 and fractions of a cent', () => {
    for (const amount of [0, -1, -100, largestCheckAmount + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => amountInWords(amount, 'CAD', 'en'), String(amount)).toThrow(/0\.01 to 999 999 999\.99/);
    }
  });

  it('refuses every currency but CAD and USD (SPEC 8)', () => {
    for (const currency of ['EUR', 'GBP', 'cad', '']) {
      expect(() => amountInWords(100, currency, 'fr'), currency).toThrow(/only CAD and USD/);
    }
  });
});
