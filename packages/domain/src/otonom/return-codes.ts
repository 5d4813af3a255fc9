import type { ReturnedStatus } from './statuses';

/**
 * DOMAIN 8: why a bank returned a debit or a credit. The codes are Payments Canada's return
 * reasons (Rule H1 and the CPA-005 return records), which Otonom's answers and the banks' return
 * files both carry:
 * - not sufficient funds (901) and funds not cleared (908) are `processedNSF`; every other return
 *   is `processedError`;
 * - an agreement that no longer holds (no agreement 915, revoked 917 / 920) flags the unit's
 *   agreement `revoked`; a closed account (905) flags it `accountClosed`. A flagged agreement
 *   debits nothing more until the owner signs a new one.
 */
export const returnCodes = [
  '900',
  '901',
  '902',
  '903',
  '904',
  '905',
  '906',
  '907',
  '908',
  '909',
  '910',
  '911',
  '912',
  '914',
  '915',
  '916',
  '917',
  '918',
  '919',
  '920',
  '921',
  '922',
  '990',
] as const;
export type ReturnCode = (typeof returnCodes)[number];

export const isReturnCode = (code: string): code is ReturnCode =>
  (returnCodes as readonly string[]).includes(code);

/** The status a returned payment takes for its reason. */
export const returnedStatusOf = (code: ReturnCode): ReturnedStatus =>
  code === '901' || code === '908' ? 'processedNSF' : 'processedError';

export type AgreementFlag = 'revoked' | 'accountClosed';

/** What the return says about the payer's agreement, when anything. */
export function agreementFlagOf(code: ReturnCode): AgreementFlag | null {
  if (code === '915' || code === '917' || code === '920') return 'revoked';
  if (code === '905') return 'accountClosed';
  return null;
}
