import type { DbOrTx } from '@copro/server/db/client';
import type { LogSource } from '@copro/server/db/schema/index';
import { listRecords, createRecord, type RecordRow } from '@copro/server/modules/registry/records';
import { personCollection } from '@copro/server/modules/registry/people';
import { lockerCollection, parkingCollection } from '@copro/server/modules/registry/parkings';
import { unitCollection } from '@copro/server/modules/registry/units';
import { supplierCollection } from '@copro/server/modules/suppliers/supplier-collection';
import type { YearScope } from '@copro/server/platform/fiscal-year-scope';
import type { FileChanges } from '@copro/server/platform/storage';
import { replaceInsuranceProof } from '@copro/server/modules/registry/insurance-proof';
import { addDays, cents, type PaymentMethod, type PersonInput, type UnitCreate } from '@copro/domain';

/**
 * The demo building's registry: units over six floors whose vote shares add up to exactly 100 %,
 * their owners, residents and proxies (the demo owner and resident among them), parkings,
 * lockers and the usual suppliers. Insurance and water-heater dates are set around `today` so the
 * reports have something to say.
 */

const firstNames = [
  'Marie',
  'Jean',
  'Sophie',
  'Louis',
  'Isabelle',
  'Marc',
  'Julie',
  'François',
  'Nathalie',
  'Éric',
];
const lastNames = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
  'Dubé',
];

/** Shares proportional to the weights, to 8 digits, adding up to exactly 1 (largest remainder). */
export function sharesOf(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / total) * 1e8);
  const floors = exact.map(Math.floor);
  let missing = 1e8 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    missing -= 1;
  }
  return floors.map((f) => f / 1e8);
}

const person = (firstName: string, lastName: string, emails: string[], extra: Partial<PersonInput> = {}) => ({
  firstName,
  lastName,
  emails,
  phones: [
    {
      number: `514-555-${String(1000 + lastName.length * 37 + firstName.length).slice(-4)}`,
      type: 'cell' as const,
    },
  ],
  address: {},
  emergencyContact: {},
  sharesEmails: false,
  sharesPhones: false,
  ...extra,
});

const emptyUnit = {
  residents: [],
  proxies: [],
  parkings: [],
  lockers: [],
  automaticPayment: false,
  noMonthlyFees: false,
  insurance: {},
  waterHeater: {},
};

/** A one-page PDF standing for an owner's insurance certificate. */
const certificate = (unit: string): string => {
  const text = `BT /F1 18 Tf 72 700 Td (Certificate of insurance - unit ${unit}) Tj ET`;
  const pdf = [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
    `4 0 obj<</Length ${text.length}>>stream`,
    text,
    'endstream endobj',
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
  ].join('\n');
  return `data:application/pdf;base64,${Buffer.from(pdf, 'latin1').toString('base64')}`;
};

export async function seedDemoRegistry(
  tx: DbOrTx,
  files: FileChanges,
  scope: YearScope,
  source: LogSource,
  locale: 'fr-CA' | 'en-CA',
  size: { floors: number; perFloor: number },
  today: string,
): Promise<void> {
  const day = (offsetDays: number): string => addDays(today, offsetDays);
  const create = <C extends object>(def: Parameters<typeof createRecord<C, object>>[3], input: C) =>
    createRecord(tx, scope, source, def, input);
  const french = locale === 'fr-CA';

  const demoOwner = await create(
    personCollection,
    person('Olivia', 'Owner', ['owner@example.com'], { locale: 'en-CA', gender: 'F' }),
  );
  const demoResident = await create(
    personCollection,
    person('Rémi', 'Résident', ['resident@example.com'], { locale: 'fr-CA', gender: 'M' }),
  );
  const board = await create(
    personCollection,
    person('Paul', 'Approbateur', ['approver@example.com'], { locale: 'fr-CA', gender: 'M' }),
  );

  const count = size.floors * size.perFloor;
  const people: RecordRow[] = [];
  for (let i = 0; i < count + 6; i += 1) {
    const firstName = firstNames[i % firstNames.length] ?? 'Alex';
    const lastName = lastNames[i % lastNames.length] ?? 'Martin';
    const email = `${firstName}.${lastName}${i}@example.net`
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
    people.push(
      await create(
        personCollection,
        person(firstName, lastName, [email], {
          locale: i % 4 === 0 ? 'en-CA' : locale,
          gender: i % 2 ? 'M' : 'F',
        }),
      ),
    );
  }

  const parkings: RecordRow[] = [];
  const parkingShares = sharesOf(Array.from({ length: Math.ceil(count * 0.7) }, () => 1));
  for (const [i, voteShare] of parkingShares.entries()) {
    parkings.push(
      await create(parkingCollection, {
        number: `P${i + 1}`,
        voteShare,
        cadastreNumber: String(6_201_400 + i),
        renter: {},
        noMonthlyFees: false,
      }),
    );
  }
  const lockers: RecordRow[] = [];
  const lockerShares = sharesOf(Array.from({ length: Math.ceil(count / 2) }, () => 1));
  for (const [i, voteShare] of lockerShares.entries()) {
    lockers.push(await create(lockerCollection, { number: `C${i + 1}`, voteShare, noMonthlyFees: false }));
  }

  // Corner units are larger, so they carry more of the building.
  const weights = Array.from(
    { length: count },
    (_, i) => (i % size.perFloor === 0 ? 1.3 : 1) + (i % 3) * 0.05,
  );
  const unitShares = sharesOf(weights);
  for (let i = 0; i < count; i += 1) {
    const floor = Math.floor(i / size.perFloor) + 1;
    const number = `${floor}0${(i % size.perFloor) + 1}`;
    const owner = people[i];
    const coOwner = i % 5 === 0 ? people[count + (i % 6)] : undefined;
    const owners = [
      ...(i === 4 ? [demoOwner] : owner ? [owner] : []),
      ...(coOwner ? [coOwner] : []),
      ...(i === count - 1 ? [board] : []),
    ].map((p, k) => ({
      personUuid: p.uuid,
      from: k === 0 ? `20${10 + (i % 14)}-0${1 + (i % 9)}-15` : day(-400),
    }));
    const rented = i % 4 === 3;
    const residents = i === 7 ? [{ personUuid: demoResident.uuid, from: day(-200) }] : [];
    const input: UnitCreate = {
      ...emptyUnit,
      number,
      floor: String(floor),
      voteShare: unitShares[i] ?? 0,
      owners,
      residents:
        rented && i !== 7
          ? [{ personUuid: people[count + ((i + 1) % 6)]?.uuid ?? '', from: day(-90) }]
          : residents,
      proxies: i === 9 ? [{ personUuid: demoResident.uuid }] : [],
      parkings: [parkings[i]?.uuid].filter((id): id is string => !!id),
      lockers: i % 2 === 0 ? [lockers[i / 2]?.uuid].filter((id): id is string => !!id) : [],
      paymentDay: 1,
      // Most owners pay by check (demo-year.ts). Two pay by pre-authorized debit, switched on once
      // their bank details and signed agreements are in, as the gate wants (demo-otonom.ts).
      automaticPayment: false,
      insurance:
        i % 6 === 5
          ? {}
          : {
              provider: ['Desjardins Assurances', 'Intact', 'La Capitale', 'Promutuel'][i % 4],
              policyNumber: `POL-${20_000 + i * 17}`,
              civilResponsibilityAmount: cents(200_000_000),
              endDate: day(i % 6 === 1 ? -20 : i % 6 === 2 ? 30 : 200 + i),
            },
      waterHeater: {
        installationDate: `20${14 + (i % 10)}-06-01`,
        warrantyEndDate: `20${24 + (i % 10)}-06-01`,
        location: french ? 'Garde-robe de l’entrée' : 'Entrance closet',
      },
    };
    const unit = await create(unitCollection, input);
    // Most owners handed in their certificate; a few have not yet.
    if (i % 6 !== 5 && i % 4 !== 2) {
      await replaceInsuranceProof(tx, files, scope, source, unit.uuid, {
        fileName: `assurance-${number}.pdf`,
        mimeType: 'application/pdf',
        dataUrl: certificate(number),
      });
    }
  }

  const categories = await listRecords(tx, scope, 'categories');
  const categoryOf = (key: string) => categories.find((c) => c.data.systemKey === key)?.uuid;
  const suppliers: [string, string, PaymentMethod][] = [
    ['Hydro-Québec', 'electricity', 'pre-authorized-debit'],
    ['Énergir', 'heating', 'pre-authorized-debit'],
    [french ? 'Déneigement Rive-Nord' : 'North Shore Snow Removal', 'snowRemoval', 'check'],
    [french ? 'Ascenseurs Atlas' : 'Atlas Elevators', 'elevator', 'wire-transfer'],
    [french ? 'Entretien Ménager Étoile' : 'Star Cleaning', 'cleaning', 'check'],
    ['Desjardins Assurances', 'insurance', 'wire-transfer'],
    [french ? 'Gestion Immobilière Laurier' : 'Laurier Property Management', 'management', 'wire-transfer'],
    [french ? 'Plomberie Saint-Laurent' : 'St. Lawrence Plumbing', 'maintenance', 'check'],
  ];
  for (const [name, key, paymentMethod] of suppliers) {
    await create(supplierCollection, {
      name,
      category: categoryOf(key),
      emails: [
        `factures@${name
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.example.com`,
      ],
      phones: [{ number: '1-800-555-0100', type: 'work' as const }],
      address: { city: french ? 'Montréal' : 'Ottawa', country: 'CA' },
      paymentMethod,
    });
  }
}
