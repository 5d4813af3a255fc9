import { describe, expect, it } from 'vitest';
import { translate } from './i18n/index';
import {
  isRegistryReport,
  registryReport,
  registryReports,
  type RegistryReportInput,
} from './registry-reports';
import type { PersonView, UnitView } from './schemas/registry';
import { cents } from './money';

const meta = (uuid: string) => ({
  uuid,
  fiscalYear: '2026-01-01',
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const person = (uuid: string, lastName: string, extra: Partial<PersonView> = {}): PersonView => ({
  ...meta(uuid),
  lastName,
  emails: [],
  phones: [],
  address: {},
  emergencyContact: {},
  sharesEmails: false,
  sharesPhones: false,
  units: [],
  ...extra,
});

const unit = (uuid: string, number: string, extra: Partial<UnitView> = {}): UnitView => ({
  ...meta(uuid),
  number,
  voteShare: 0.1,
  aid: 30,
  owners: [],
  residents: [],
  proxies: [],
  parkings: [],
  lockers: [],
  automaticPayment: false,
  noMonthlyFees: false,
  insurance: {},
  waterHeater: {},
  ownersEmails: [],
  ownerNames: [],
  monthlyContributions: cents(0),
  insuranceProof: null,
  parkingNumbers: [],
  lockerNumbers: [],
  ...extra,
});

const proof = { fileName: 'proof.pdf', size: 10, uploadedAt: '2026-01-01T00:00:00.000Z' };
const today = '2026-03-01';

const input = (
  units: UnitView[],
  people: PersonView[],
  language: 'en' | 'fr' = 'en',
): RegistryReportInput => ({ units, people, today, language });

const column = (report: Parameters<typeof registryReport>[0], rows: RegistryReportInput, key: string) => {
  const table = registryReport(report, rows);
  const index = table.columns.findIndex((c) => c.key === `reports.columns.${key}`);
  expect(index, key).toBeGreaterThanOrEqual(0);
  return table.rows.map((row) => row[index]);
};

describe('registry reports', () => {
  it('names every report and every column with a key of both catalogs', () => {
    expect(registryReports.every(isRegistryReport)).toBe(true);
    expect(isRegistryReport('ledger')).toBe(false);
    for (const report of registryReports) {
      const table = registryReport(report, input([], []));
      expect(table.rows).toEqual([]);
      for (const { key } of table.columns) {
        expect(translate('en', key), key).not.toBe(key);
        expect(translate('fr', key), key).not.toBe(key);
      }
    }
  });

  describe('roster', () => {
    const alice = person('p-alice', 'Tremblay', {
      firstName: 'Alice',
      emails: ['alice@example.test', 'a2@example.test'],
      phones: [{ number: '514-555-0101', type: 'cell' }],
    });
    const bob = person('p-bob', 'Gagnon', { firstName: 'Bob' });
    const gone = person('p-gone', 'Archived', { archived: true });

    it('sorts units by number, numbers as numbers, and lists owners, residents and proxies', () => {
      const units = [
        unit('u10', '10', { owners: [{ personUuid: 'p-alice', from: '2020-01-01' }] }),
        unit('u9', '9', {
          owners: [{ personUuid: 'p-bob' }],
          residents: [{ personUuid: 'p-alice', from: '2024-05-01', to: '2025-04-30' }],
          proxies: [{ personUuid: 'p-bob' }],
        }),
        unit('u100', '100'),
      ];
      const table = registryReport('roster', input(units, [alice, bob]));
      expect(table.rows).toEqual([
        ['9', 'Owner', 'Bob Gagnon', '', '', '', ''],
        [
          '9',
          'Resident',
          'Alice Tremblay',
          'alice@example.test; a2@example.test',
          '514-555-0101 (Cell)',
          '2024-05-01',
          '2025-04-30',
        ],
        ['9', 'Proxy', 'Bob Gagnon', '', '', '', ''],
        [
          '10',
          'Owner',
          'Alice Tremblay',
          'alice@example.test; a2@example.test',
          '514-555-0101 (Cell)',
          '2020-01-01',
          '',
        ],
        // A unit nobody is linked to still shows.
        ['100', '', '', '', '', '', ''],
      ]);
      expect(table.columns.filter((c) => c.kind === 'date').map((c) => c.key)).toEqual([
        'reports.columns.from',
        'reports.columns.to',
      ]);
    });

    it('leaves out archived units and archived people, and writes roles in the reader’s language', () => {
      const units = [
        unit('u1', '1', { owners: [{ personUuid: 'p-gone' }, { personUuid: 'p-alice' }] }),
        unit('u2', '2', { archived: true, owners: [{ personUuid: 'p-alice' }] }),
      ];
      const rows = registryReport('roster', input(units, [alice, gone], 'fr')).rows;
      expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual([['1', 'Copropriétaire', 'Alice Tremblay']]);
      expect(rows[0]?.[4]).toBe('514-555-0101 (Cellulaire)');
    });
  });

  describe('contacts', () => {
    it('lists every person by last name with units held today, address, language and emergency contact', () => {
      const people = [
        person('p1', 'Tremblay', {
          firstName: 'Zoé',
          emails: ['zoe@example.test'],
          phones: [
            { number: '514-555-0101', type: 'home' },
            { number: '438-555-0102', type: 'work' },
          ],
          address: {
            street: '12 rue Principale',
            city: 'Montréal',
            state: 'QC',
            zip: 'H2X 1Y4',
            country: 'CA',
          },
          locale: 'fr-CA',
          emergencyContact: { name: 'Luc Tremblay', phone: '514-555-0199' },
        }),
        person('p2', 'Bélanger', { firstName: 'Anne', locale: 'en-CA' }),
        person('p3', 'Archived', { archived: true }),
        person('p4', 'Bélanger', { firstName: 'Aaron' }),
      ];
      const units = [
        unit('u2', '2', {
          owners: [{ personUuid: 'p1' }],
          residents: [{ personUuid: 'p2', to: '2025-12-31' }],
        }),
        unit('u1', '1', { residents: [{ personUuid: 'p1', from: '2026-01-01' }] }),
        unit('u3', '3', { archived: true, owners: [{ personUuid: 'p2' }] }),
      ];
      const table = registryReport('contacts', input(units, people));
      expect(table.rows).toEqual([
        ['Aaron Bélanger', '', '', '', '', '', ''],
        // Her residency ended before today and her other unit is archived.
        ['Anne Bélanger', '', '', '', 'English', '', ''],
        [
          'Zoé Tremblay',
          'zoe@example.test',
          '514-555-0101 (Home); 438-555-0102 (Work)',
          '12 rue Principale, Montréal, QC H2X 1Y4, CA',
          'Français',
          '1 (Resident); 2 (Owner)',
          'Luc Tremblay, 514-555-0199',
        ],
      ]);
    });
  });

  describe('insurance', () => {
    const owner = person('p1', 'Roy', { firstName: 'Marc', emails: ['marc@example.test'] });
    const former = person('p2', 'Côté', { emails: ['old@example.test'] });
    const insured = (endDate: string) => ({ provider: 'Desjardins', policyNumber: 'H-1', endDate });

    it('keeps units whose insurance is missing, expired, expiring or without proof, with their current owners', () => {
      const units = [
        unit('u4', '4', { insurance: insured('2026-12-31'), insuranceProof: proof }),
        unit('u3', '3', { insurance: insured('2026-04-15'), insuranceProof: proof }),
        unit('u2', '2', { insurance: insured('2026-02-28'), insuranceProof: proof }),
        unit('u6', '6', { insurance: { provider: 'Intact' }, insuranceProof: proof }),
        // Provider and date but no proof handed in.
        unit('u1', '1', {
          insurance: insured('2026-12-31'),
          owners: [{ personUuid: 'p1' }, { personUuid: 'p2', to: '2025-06-30' }],
        }),
        unit('u5', '5', { archived: true }),
      ];
      const table = registryReport('insurance', input(units, [owner, former]));
      expect(table.rows).toEqual([
        ['1', 'No proof on file', 'Desjardins', 'H-1', '2026-12-31', 'Marc Roy', 'marc@example.test'],
        ['2', 'Expired', 'Desjardins', 'H-1', '2026-02-28', '', ''],
        ['3', 'Expiring soon', 'Desjardins', 'H-1', '2026-04-15', '', ''],
        ['6', 'Missing', 'Intact', '', '', '', ''],
      ]);
      expect(column('insurance', input(units, [owner], 'fr'), 'status')).toEqual([
        'Aucune preuve au dossier',
        'Échue',
        'Arrive à échéance',
        'Manquante',
      ]);
    });

    it('is empty when every unit is insured', () => {
      const units = [unit('u1', '1', { insurance: insured('2027-01-01'), insuranceProof: proof })];
      expect(registryReport('insurance', input(units, [])).rows).toEqual([]);
    });
  });

  describe('water heaters', () => {
    it('keeps units past warranty or with no warranty date', () => {
      const owners = [
        person('p1', 'Roy', { firstName: 'Marc', emails: ['marc@example.test'] }),
        person('p2', 'Roy', { firstName: 'Julie', emails: ['julie@example.test', 'marc@example.test'] }),
      ];
      const units = [
        unit('u12', '12', { waterHeater: { installationDate: '2015-06-01', warrantyEndDate: '2025-06-01' } }),
        unit('u3', '3', { waterHeater: { warrantyEndDate: '2030-01-01' } }),
        unit('u2', '2', {
          waterHeater: { location: 'Closet' },
          owners: [{ personUuid: 'p1' }, { personUuid: 'p2' }],
        }),
      ];
      const table = registryReport('waterHeaters', input(units, owners));
      expect(table.rows).toEqual([
        [
          '2',
          'No warranty date',
          '',
          '',
          'Closet',
          'Marc Roy; Julie Roy',
          'marc@example.test; julie@example.test',
        ],
        ['12', 'Past warranty', '2015-06-01', '2025-06-01', '', '', ''],
      ]);
    });

    it('counts a warranty ending today as still under warranty', () => {
      const units = [unit('u1', '1', { waterHeater: { warrantyEndDate: today } })];
      expect(registryReport('waterHeaters', input(units, [])).rows).toEqual([]);
    });
  });
});
