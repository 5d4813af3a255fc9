import { describe, expect, it } from 'vitest';
import { cents, type PadOverview, type PadSettings, type PadSettingsView } from '@copro/domain';
import { nextFileOf, partnerLine, refreshBlocker, sendBlocker } from './partner-line';

const bank = '22222222-2222-4222-8222-222222222222';
const otonom: PadSettings = { channel: 'otonom', debitAmount: 'monthlyFee', bankUuid: bank };
const cpa005: PadSettings = {
  channel: 'cpa005',
  debitAmount: 'balance',
  bankUuid: bank,
  cpa005: {
    originatorId: 'ABC1234567',
    shortName: 'SDC DU PARC',
    longName: 'SYNDICAT DU 12 RUE DU PARC',
    destinationDataCentre: '00610',
    currency: 'CAD',
    returnInstitution: '815',
    returnTransit: '30001',
    returnAccount: '1234567',
  },
};

const view = (settings: PadSettings | null, partner: PadSettingsView['partner'] = null): PadSettingsView => ({
  settings,
  nextFileNumber: 1,
  partner,
});

const overview = (units: number, suppliers = 0): PadOverview => ({
  toSend: [
    { kind: 'units', count: units, total: cents(units * 25_000) },
    { kind: 'suppliers', count: suppliers, total: cents(suppliers * 10_000) },
  ],
  waitingApproval: { count: 0, total: cents(0) },
  files: [],
  statusCounts: [],
});

const real = { url: 'https://api.otonom.example', fake: false };
const fake = { url: 'http://localhost:4010', fake: true };

describe('the partner line', () => {
  it('names the partner, the demo’s local partner, no partner, or the bank file', () => {
    expect(partnerLine(view(otonom, real))).toEqual({ kind: 'partner', url: real.url });
    expect(partnerLine(view(otonom, fake))).toEqual({ kind: 'fake' });
    expect(partnerLine(view(otonom, null))).toEqual({ kind: 'noPartner' });
    // A bank file needs no partner, whatever the server has.
    expect(partnerLine(view(cpa005, null))).toEqual({ kind: 'bankFile' });
    expect(partnerLine(view(cpa005, real))).toEqual({ kind: 'bankFile' });
    expect(partnerLine(view(null, real))).toEqual({ kind: 'notSetUp' });
  });
});

describe('sending a file', () => {
  it('is possible with settings, a bank, somewhere to send and something to send', () => {
    expect(sendBlocker('units', overview(3), view(otonom, real))).toBeNull();
    expect(sendBlocker('units', overview(3), view(otonom, fake))).toBeNull();
    expect(sendBlocker('suppliers', overview(0, 2), view(cpa005, null))).toBeNull();
  });

  it('says why not, the first reason first', () => {
    expect(sendBlocker('units', overview(3), view(null, real))).toBe('otonom.validation.noSettings');
    expect(sendBlocker('units', overview(3), view({ ...otonom, bankUuid: undefined }, real))).toBe(
      'otonom.validation.noBank',
    );
    expect(sendBlocker('units', overview(3), view(otonom, null))).toBe(
      'otonom.validation.partnerNotConfigured',
    );
    expect(sendBlocker('suppliers', overview(3, 0), view(otonom, real))).toBe(
      'otonom.validation.nothingToSend',
    );
  });

  it('counts a kind the overview does not list as empty', () => {
    expect(nextFileOf({ ...overview(1), toSend: [] }, 'units')).toEqual({ count: 0, total: 0 });
  });
});

describe('refreshing statuses', () => {
  it('asks the partner only', () => {
    expect(refreshBlocker(view(otonom, real))).toBeNull();
    expect(refreshBlocker(view(otonom, fake))).toBeNull();
    expect(refreshBlocker(view(otonom, null))).toBe('otonom.validation.partnerNotConfigured');
    expect(refreshBlocker(view(cpa005, real))).toBe('otonomPages.summary.refreshBankFile');
    expect(refreshBlocker(view(null, real))).toBe('otonom.validation.noSettings');
  });
});
