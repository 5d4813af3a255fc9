import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { formatPercent, sharesAddUpToWhole, type ParkingView, type UnitView } from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { building } from '@copro/server/db/schema/index';
import { createRecord } from '@copro/server/modules/registry/records';
import { personCollection } from '@copro/server/modules/registry/people';
import { unitCollection } from '@copro/server/modules/registry/units';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
const year = `${new Date().getUTCFullYear()}-01-01`;
const api = (collection: string) => `/api/buildings/${jardins.ref}/fiscal-years/${year}/${collection}`;

beforeAll(async () => {
  e = await startE2E();
  const flags = e.server.platform.remoteConfig;
  const current = await flags.get();
  await flags.set({ ...current, featureFlags: { ...current.featureFlags, voteShareEditing: true } });
});
afterAll(async () => e?.close());

/** Picks an option of a searchable select by typing enough of it to make it the first one. */
async function pick(page: Page, label: string, search: string, option: RegExp): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(search);
  // The select's own options, not the record list beside the form (its rows are options too).
  const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
  await listbox.getByRole('option', { name: option }).first().click();
}

const getJson = async <T>(page: Page, url: string): Promise<T> =>
  (await (await page.request.get(url)).json()) as T;
/** Every record of a registry list: the demo's fit in its largest page. */
const listJson = async <T>(page: Page, url: string): Promise<T[]> =>
  (await getJson<{ items: T[] }>(page, `${url}?pageSize=500`)).items;

describe('registry', () => {
  it('creates a unit with two owners and a resident, rents it a parking and edits the vote shares', async () => {
    const { context, page } = await newPage(e);
    await signInAs(page, 'approver-write@example.com');

    await page.goto(`/building/${jardins.ref}/admin/units/new`);
    await page.getByRole('textbox', { name: /^Number/ }).fill('701');
    await page.getByRole('textbox', { name: /^Vote share/ }).fill('1');
    await page.getByRole('textbox', { name: /^Floor/ }).fill('7');
    await pick(page, 'Add an owner…', 'owner@example.com', /Olivia Owner/);
    await pick(page, 'Add an owner…', 'marie.tremblay', /Marie Tremblay/);
    await pick(page, 'Add a resident…', 'resident@example.com', /Rémi Résident/);
    await page.getByRole('button', { name: 'Create the unit' }).click();
    await expect.poll(() => page.getByText('Unit 701 was created.').isVisible()).toBe(true);
    await shot(page, 'registry-unit-form-en');

    const units = await listJson<UnitView>(page, api('units'));
    const unit = units.find((u) => u.number === '701');
    expect(unit?.owners).toHaveLength(2);
    expect(unit?.residents).toHaveLength(1);
    expect(unit?.ownersEmails).toContain('owner@example.com');
    expect(unit?.voteShare).toBe(0.01);

    await page.goto(`/building/${jardins.ref}/admin/parkings/new`);
    await page.getByRole('textbox', { name: /^Number/ }).fill('P99');
    await page.getByRole('textbox', { name: /^Vote share/ }).fill('0');
    await pick(page, 'Unit', '701', /701/);
    await page.getByRole('button', { name: 'Create the parking' }).click();
    await expect.poll(() => page.getByText('Parking P99 was created.').isVisible()).toBe(true);
    const parking = (await listJson<ParkingView>(page, api('parkings'))).find((p) => p.number === 'P99');
    expect(parking?.renter.unitUuid).toBe(unit?.uuid);

    // Unit 701 took 1 % more than the whole: the screen says so until unit 101 gives it back.
    await page.goto(`/building/${jardins.ref}/admin/vote-shares`);
    await expect.poll(() => page.getByText('1% too much for 100%', { exact: false }).isVisible()).toBe(true);
    const unit101 = units.find((u) => u.number === '101');
    if (!unit101) throw new Error('unit 101 is missing from the demo');
    const lowered = formatPercent(Math.round((unit101.voteShare - 0.01) * 1e8) / 1e8, 'en');
    await page.getByLabel('Vote share of Unit 101').fill(lowered);
    await expect.poll(() => page.getByText('Complete').first().isVisible()).toBe(true);
    await shot(page, 'registry-vote-shares-en');
    await page.getByRole('button', { name: 'Save the vote shares' }).click();
    await expect.poll(() => page.getByText('The vote shares were saved (1 changed).').isVisible()).toBe(true);
    const saved = await listJson<UnitView>(page, api('units'));
    expect(sharesAddUpToWhole(saved.map((u) => u.voteShare))).toBe(true);
    const logs = await getJson<{ event: string }[]>(page, `/api/buildings/${jardins.ref}/logs`);
    expect(logs.map((l) => l.event)).toEqual(
      expect.arrayContaining(['unitCreated', 'parkingCreated', 'voteSharesChanged']),
    );
    await context.close();
  });

  it('shows the owner their own units only, and the resident only people, in French', async () => {
    const owner = await newPage(e);
    await signInAs(owner.page, 'owner@example.com');
    await owner.page.goto(`/building/${jardins.ref}/units/info`);
    const list = owner.page.getByRole('listbox', { name: 'Units' });
    await expect.poll(() => list.getByRole('option').count()).toBe(2);
    await list.getByRole('option', { name: /701/ }).click();
    await expect.poll(() => owner.page.getByRole('heading', { name: 'Unit 701' }).isVisible()).toBe(true);
    await expect.poll(() => owner.page.getByText('Rémi Résident').first().isVisible()).toBe(true);
    await shot(owner.page, 'registry-owner-units-en');
    // The registry of units is for managers; the owner's role does not open it.
    await owner.page.goto(`/building/${jardins.ref}/admin/units`);
    await expect.poll(() => owner.page.getByText('Missing permission').isVisible()).toBe(true);
    await owner.context.close();

    const resident = await newPage(e, { locale: 'fr-CA' });
    await signInAs(resident.page, 'resident@example.com');
    await resident.page.goto(`/building/${jardins.ref}/people/info`);
    await resident.page.getByRole('textbox', { name: 'Rechercher' }).fill('olivia');
    await expect
      .poll(() => resident.page.getByRole('option', { name: /Owner, Olivia/ }).isVisible())
      .toBe(true);
    await shot(resident.page, 'registry-resident-people-fr');
    // DOMAIN 6 privacy: a neighbour's card shows the name and units, not what they did not share.
    await resident.page.getByRole('option', { name: /Owner, Olivia/ }).click();
    await expect
      .poll(() => resident.page.getByText('Cette personne ne partage aucune coordonnée').isVisible())
      .toBe(true);
    expect(await resident.page.getByText('owner@example.com').count()).toBe(0);
    const olivia = (await listJson<{ lastName: string }>(resident.page, api('people'))).find(
      (p) => p.lastName === 'Owner',
    );
    expect(Object.keys(olivia ?? {})).not.toContain('emails');
    await resident.page.goto(`/building/${jardins.ref}/units/info`);
    await expect.poll(() => resident.page.getByText('Permission manquante').isVisible()).toBe(true);
    const denied = await resident.page.request.get(api('units'));
    expect(denied.status()).toBe(403);
    await resident.context.close();
  });

  it('asks for the pages of a long units list as it scrolls, and searches and filters on the server', async () => {
    // 120 more units (every tenth without an owner): the list has three pages of 50.
    const db = e.server.platform.db;
    const [place] = await db.select().from(building).where(eq(building.ref, jardins.ref));
    if (!place) throw new Error('the demo building is missing');
    const scope = { buildingId: place.id, fiscalYear: year };
    const source = { kind: 'system' as const, id: 'backend' };
    await db.transaction(async (tx) => {
      for (let i = 0; i < 120; i += 1) {
        const person = {
          lastName: `Longlist ${i}`,
          emails: [],
          phones: [],
          address: {},
          emergencyContact: {},
        };
        const owner = await createRecord(tx, scope, source, personCollection, {
          ...person,
          sharesEmails: false,
          sharesPhones: false,
        });
        await createRecord(tx, scope, source, unitCollection, {
          number: String(10_000 + i),
          voteShare: 0,
          owners: i % 10 === 0 ? [] : [{ personUuid: owner.uuid }],
          residents: [],
          proxies: [],
          parkings: [],
          lockers: [],
          automaticPayment: false,
          noMonthlyFees: false,
          insurance: {},
          waterHeater: {},
        });
      }
    });

    const { context, page } = await newPage(e);
    const pagesAsked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/units') && url.search) pagesAsked.push(url.searchParams.get('page') ?? '');
    });
    await signInAs(page, 'approver-write@example.com');
    await page.goto(`/building/${jardins.ref}/units/info`);
    const list = page.getByRole('listbox', { name: 'Units' });
    const total = (await listJson<UnitView>(page, api('units'))).filter((u) => !u.archived).length;
    await page.getByText(`${total} records`).waitFor();
    // The end of the list asks for its own page, not for those it scrolled past.
    await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await list.getByRole('option', { name: /Unit 10119/ }).waitFor();
    expect(pagesAsked).toEqual(['1', '3']);

    await page.getByRole('textbox', { name: 'Search' }).fill('longlist 11');
    await list.getByRole('option', { name: /Unit 10011/ }).waitFor();
    // Longlist 11 and 111 to 119; the units of 110 have no owner.
    await page.getByText('10 records').waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByText('No owner', { exact: true }).click();
    await page.getByText('12 records').waitFor();
    await list.getByRole('option', { name: /Unit 10000/ }).click();
    await page.getByRole('heading', { name: 'Unit 10000' }).waitFor();
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('heading', { name: 'Unit 10010' }).waitFor();
    await shot(page, 'registry-long-list-en');
    await context.close();
  });
});
