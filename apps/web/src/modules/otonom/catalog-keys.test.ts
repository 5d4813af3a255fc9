import { describe, expect, it } from 'vitest';
import {
  debitAmountBases,
  hasKey,
  orderDirections,
  otonomStatuses,
  padChannels,
  padFileFormats,
  padFileKinds,
  returnCodes,
} from '@copro/domain';
import type { LedgerLinkKind } from './ledger-links';
import { cpa005TextFields } from './settings-values';

const linkKinds: LedgerLinkKind[] = ['payment', 'reversal', 'fee'];

// The page builds these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...otonomStatuses.map((status) => `otonom.statuses.${status}`),
  ...returnCodes.map((code) => `otonom.returnCodes.${code}`),
  ...orderDirections.map((direction) => `otonom.directions.${direction}`),
  ...padFileKinds.map((kind) => `otonom.kinds.${kind}`),
  ...padFileFormats.map((format) => `otonom.formats.${format}`),
  ...padFileKinds.flatMap((kind) => [`otonomPages.send.send.${kind}`, `otonomPages.send.create.${kind}`]),
  ...linkKinds.map((kind) => `otonomPages.detail.links.${kind}`),
  ...padChannels.map((channel) => `otonomPages.settings.channels.${channel}`),
  ...debitAmountBases.map((basis) => `otonomPages.settings.debitAmounts.${basis}`),
  // Chosen by a condition (`t(a ? 'x' : 'y')`), also out of the catalog test's sight.
  'otonomPages.send.confirm.bankFile',
  'otonomPages.send.confirm.fake',
  'otonomPages.send.confirm.partner',
  'otonomPages.status.date',
  'otonomPages.status.returnDate',
  'otonomPages.detail.unitAccount',
  'otonomPages.detail.supplierAccount',
  'otonomPages.summary.refreshHint',
  'otonomPages.summary.refreshBankFile',
  'otonom.validation.noSettings',
  'otonom.validation.noBank',
  'otonom.validation.partnerNotConfigured',
  'otonom.validation.nothingToSend',
  ...cpa005TextFields.flatMap((name) => [
    `otonomPages.settings.cpa005.${name}`,
    `otonomPages.settings.cpa005.${name}Hint`,
  ]),
];

// Keys counted (i18next picks `_one` or `_other`).
const countedKeys = [
  ...padFileKinds.map((kind) => `otonomPages.send.confirm.${kind}`),
  'otonomPages.send.sent',
  'otonomPages.send.created',
  'otonomPages.send.skipped',
  'otonomPages.send.allSkipped',
];

describe('the keys the payments/otonom page builds', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });

  it.each(countedKeys)('%s has its singular and plural in both languages', (key) => {
    for (const language of ['en', 'fr'] as const)
      for (const form of ['one', 'other']) expect(hasKey(language, `${key}_${form}`)).toBe(true);
  });
});
