import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { BuildingRole } from '@copro/domain';
import { activityLog, fiscalYear } from '../db/schema/index';
import { categoryCollection } from '../modules/accounts';
import { bankCollection } from '../modules/banks';
import { lockerCollection, parkingCollection } from '../modules/registry';
import { personCollection } from '../modules/registry';
import { createRecord, type CollectionDef } from '../modules/registry';
import { unitCollection } from '../modules/registry';
import { supplierCollection } from '../modules/suppliers';
import type { LiveEvent } from '../platform/events';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from './harness';

/** Valid request bodies and small helpers for the registry's HTTP tests. */

export const firstYear = '2026-01-01';

/** The fiscal-year prefix of a building's registry routes. */
export const yearPath = (b: BuildingFixture, year = firstYear): string =>
  `/api/buildings/${b.ref}/fiscal-years/${year}`;

/** A new user with a role in the building; `banned` keeps them out of it all the same. */
export async function createMember(
  h: Harness,
  b: BuildingFixture,
  label: string,
  role: BuildingRole,
  banned = false,
): Promise<TestUser> {
  const u = await createUser(h, label);
  await grantBuildingRole(h, b, u, role, banned);
  return u;
}

/**
 * Where a registry test file starts: a fresh harness, one building and its admin, and the
 * building's routes for its first year. With `events`, the building's live events land there.
 */
export async function createRegistryBuilding(
  options: { settings?: Parameters<typeof createBuildingFixture>[1]; events?: LiveEvent[] } = {},
) {
  const { settings, events } = options;
  const h = await createHarness();
  if (events) await h.platform.events.start(h.platform.database);
  const b = await createBuildingFixture(h, settings);
  if (events) h.platform.events.subscribe(b.id, (event) => events.push(event));
  const admin = await createMember(h, b, 'admin', 'admin');
  return { h, b, admin, base: yearPath(b) };
}

/** Creates a record through the API as `by`; the test stops with the server's answer if it refuses. */
export async function postCreated<T = { uuid: string } & Record<string, unknown>>(
  h: Harness,
  by: TestUser,
  url: string,
  body: object,
): Promise<T> {
  const res = await as(h, by).post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

/** Posts a body the API must refuse as invalid, with exactly the `expected` "path:key" issues. */
export async function postRefused(h: Harness, by: TestUser, url: string, body: object, expected: string[]) {
  const res = await as(h, by).post(url, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('validation');
  expect(issueKeys(res)).toEqual(expected);
  return res;
}

let counter = 0;
/** A number no other record of the test run has: units, parkings and lockers must not share one. */
export const freshNumber = (): string => String(++counter + 1000);

export const emptyUnit = {
  owners: [],
  residents: [],
  proxies: [],
  parkings: [],
  lockers: [],
  automaticPayment: false,
  noMonthlyFees: false,
  insurance: {},
  waterHeater: {},
};

export const unitBody = (number = freshNumber(), extra: Record<string, unknown> = {}) => ({
  ...emptyUnit,
  number,
  voteShare: 0.01,
  ...extra,
});

export const personBody = (lastName: string, emails: string[] = [], extra: Record<string, unknown> = {}) => ({
  lastName,
  emails,
  phones: [],
  address: {},
  emergencyContact: {},
  ...extra,
});

export const parkingBody = (number = `P${freshNumber()}`, extra: Record<string, unknown> = {}) => ({
  number,
  voteShare: 0.001,
  renter: {},
  noMonthlyFees: false,
  ...extra,
});

export const lockerBody = (number = `L${freshNumber()}`, extra: Record<string, unknown> = {}) => ({
  number,
  voteShare: 0.001,
  noMonthlyFees: false,
  ...extra,
});

export const supplierBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  emails: [],
  phones: [],
  address: {},
  ...extra,
});

export const bankBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  bankAccountType: 'checking',
  startingBalance: 0,
  ...extra,
});

export const categoryBody = (name: string, parent = 'expenses') => ({ name, parent });

const collectionDefs = {
  units: unitCollection,
  people: personCollection,
  parkings: parkingCollection,
  lockers: lockerCollection,
  suppliers: supplierCollection,
  banks: bankCollection,
  categories: categoryCollection,
} as unknown as Record<string, CollectionDef<object, object>>;

/**
 * Creates a record through the service rather than the API: for tests that need many fresh
 * records to act on, and are about something else than their creation. Validated all the same.
 */
export async function createDirectly(
  h: Harness,
  b: BuildingFixture,
  collection: string,
  body: object,
  year = firstYear,
): Promise<string> {
  const def = collectionDefs[collection];
  if (!def) throw new Error(`no collection ${collection}`);
  const row = await h.platform.db.transaction((tx) =>
    createRecord(
      tx,
      { buildingId: b.id, fiscalYear: year },
      { kind: 'system', id: 'backend' },
      def,
      def.createSchema.parse(body),
    ),
  );
  return row.uuid;
}

/** The "path:key" of each issue of an error answer, to compare without caring about params. */
export const issueKeys = (res: LightMyRequestResponse): string[] =>
  ((res.json() as { issues?: { path: (string | number)[]; key: string }[] }).issues ?? []).map(
    (issue) => `${issue.path.join('.')}:${issue.key}`,
  );

/** The building's activity log, oldest first. */
export const logsOf = (h: Harness, b: BuildingFixture) =>
  h.platform.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.buildingId, b.id))
    .orderBy(asc(activityLog.date));

/** The log entries about one record. */
export async function logsAbout(h: Harness, b: BuildingFixture, uuid: string) {
  return (await logsOf(h, b)).filter((entry) => entry.indexes.includes(uuid));
}

export async function setYearArchived(h: Harness, b: BuildingFixture, archived: boolean, year = firstYear) {
  await h.platform.db
    .update(fiscalYear)
    .set({ archived })
    .where(and(eq(fiscalYear.buildingId, b.id), eq(fiscalYear.startDate, year)));
}

/** The smallest file that is a PDF as far as the server checks: it starts with %PDF-. */
export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
export const pdfUpload = (fileName = 'proof.pdf', bytes: Buffer = pdfBytes) => ({
  fileName,
  mimeType: 'application/pdf',
  dataUrl: `data:application/pdf;base64,${bytes.toString('base64')}`,
});
