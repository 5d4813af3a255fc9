import { ToWords as EnglishWords } from 'to-words/en-CA';
import { ToWords as FrenchWords } from 'to-words/fr-CA';
import type { Language } from '../locale';

/**
 * DOMAIN 7, SPEC 8: the amount of a check in words, in English or French, for CAD and USD only.
 *
 * One style, the one Canadian check stock is laid out for: the dollars in words, the cents as a
 * fraction of 100 in figures, then the currency, which reads with the "DOLLARS" pre-printed at the
 * end of the line, so it stays plural whatever the amount:
 * - EN: "One thousand two hundred thirty-four and 56/100 dollars" ("… US dollars" for USD);
 * - FR: "Mille deux cent trente-quatre et 56/100 dollars" ("… dollars américains" for USD).
 * Less than a dollar starts with zero ("Zero and 01/100 dollars", "Zéro et 01/100 dollars").
 * The words are sentence case; English joins tens and units with a hyphen ("thirty-four"); French
 * follows the traditional spelling of Canada's banks ("quatre-vingts", "vingt et un",
 * "deux cents millions").
 *
 * A check is written for 0.01 to 999 999 999.99: any other amount, a fraction of a cent, or a
 * currency other than CAD or USD is refused with an Error (a program's mistake, never the user's).
 */

export const checkCurrencies = ['CAD', 'USD'] as const;
export type CheckCurrency = (typeof checkCurrencies)[number];

export const smallestCheckAmount = 1;
export const largestCheckAmount = 99_999_999_999;

export const isCheckCurrency = (currency: string): currency is CheckCurrency =>
  (checkCurrencies as readonly string[]).includes(currency);

// Made on first use, so a bundle that never writes an amount in words leaves them out.
let converters: Record<Language, EnglishWords | FrenchWords> | null = null;

const currencyWords: Record<Language, Record<CheckCurrency, string>> = {
  en: { CAD: 'dollars', USD: 'US dollars' },
  fr: { CAD: 'dollars', USD: 'dollars américains' },
};
const and: Record<Language, string> = { en: 'and', fr: 'et' };

// to-words writes "Thirty Four"; English cheques write "thirty-four".
const englishCompound =
  /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety) (one|two|three|four|five|six|seven|eight|nine)\b/g;

function dollarsInWords(dollars: number, language: Language): string {
  converters ??= { en: new EnglishWords(), fr: new FrenchWords() };
  const words = converters[language].convert(dollars).toLowerCase();
  return language === 'en' ? words.replace(englishCompound, '$1-$2') : words;
}

export function amountInWords(amount: number, currency: string, language: Language): string {
  if (!isCheckCurrency(currency)) {
    throw new Error(`Amounts in words support only CAD and USD, not ${currency}`);
  }
  if (!Number.isSafeInteger(amount) || amount < smallestCheckAmount || amount > largestCheckAmount) {
    throw new Error(`A check is written for 0.01 to 999 999 999.99, not ${amount} cents`);
  }
  const dollars = Math.floor(amount / 100);
  const hundredths = String(amount % 100).padStart(2, '0');
  const words = dollarsInWords(dollars, language);
  const sentence = `${words} ${and[language]} ${hundredths}/100 ${currencyWords[language][currency]}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
