import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type BuildingFixture, type Harness, type TestUser } from '../../test/harness';
import {
  categoryBody,
  createMember,
  createRegistryBuilding,
  lockerBody,
  parkingBody,
  pdfUpload,
  personBody,
  postCreated,
  supplierBody,
  unitBody,
} from '../../test/registry-fixtures';

/**
 * Issue 14: the registry lists answer a page at a time, searched, filtered and sorted by the
 * database, with the totals over every page.
 */

let h: Harness, b: BuildingFixture, admin: TestUser, owner: TestUser, resident: TestUser, base: string;
/** Unit numbers as they were created: out of order, and with the numbers text order gets wrong. */
const numbers = ['10', '9', '101.5', '2', '101', '100', '1', '11', '20', '3', '1000', '12'];
const units = new Map<string, string>();
let cote: string, quiet: string, open: string, ownerPerson: string;

type Page = { items: Record<string, unknown>[]; total: number; archivedCount: number };

const read = async (path: string, by: TestUser = admin): Promise<Page> => {
  const res = await as(h, by).get(`${base}/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const numbersOf = (page: Page) => page.items.map((item) => item.number);
const uuidsOf = (page: Page) => page.items.map((item) => item.uuid);

beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding());
  owner = await createMember(h, b, 'owner', 'owner');
  resident = await createMember(h, b, 'resident', 'resident');
  const person = async (body: object) => (await postCreated(h, admin, `${base}/people`, body)).uuid;
  cote = await person(personBody('Côté', ['elena@example.net'], { firstName: 'Éléna' }));
  quiet = await person(
    personBody('Quiet', ['hidden@example.test'], { phones: [{ number: '514 555-0123', type: 'cell' }] }),
  );
  open = await person(personBody('Open', ['shown@example.test'], { sharesEmails: true }));
  ownerPerson = await person(personBody('Owner', [owner.email], { firstName: 'Zed' }));
  for (const [i, number] of numbers.entries()) {
    const owners =
      number === '101' ? [{ personUuid: cote }] : number === '9' ? [{ personUuid: ownerPerson }] : [];
    const residents = number === '2' ? [{ personUuid: quiet }, { personUuid: open }] : [];
    const unit = await postCreated(
      h,
      admin,
      `${base}/units`,
      unitBody(number, {
        owners,
        residents,
        floor: i % 3 === 0 ? undefined : String(i % 3),
        voteShare: (i + 1) / 100,
      }),
    );
    units.set(number, unit.uuid);
  }
  await as(h, admin).post(`${base}/units/${units.get('1000')}/archive`, { archived: true });
});
afterAll(async () => h.close());

describe('pages of the units list', () => {
  it('slices the list in number order, with the total over every page', async () => {
    const pages = [1, 2, 3].map((page) => read(`units?pageSize=5&page=${page}`));
    const [first, second, third] = await Promise.all(pages);
    expect(first?.total).toBe(12);
    expect(first?.archivedCount).toBe(1);
    expect([first, second, third].flatMap((page) => numbersOf(page as Page))).toEqual([
      '1',
      '2',
      '3',
      '9',
      '10',
      '11',
      '12',
      '20',
      '100',
      '101',
      '101.5',
      '1000',
    ]);
    expect(first?.items).toHaveLength(5);
    expect(third?.items).toHaveLength(2);
    const beyond = await read('units?pageSize=5&page=4');
    expect(beyond).toEqual({ items: [], total: 12, archivedCount: 1 });
  });

  it('leaves the archived units out when asked, and sorts by vote share or floor', async () => {
    const live = await read('units?liveOnly=true&pageSize=100');
    expect(live.total).toBe(11);
    expect(numbersOf(live)).not.toContain('1000');
    const byShare = await read('units?sort=voteShare&liveOnly=true');
    // Created with growing shares: the biggest share is the last one created.
    expect(numbersOf(byShare).slice(0, 3)).toEqual(['12', '3', '20']);
    const byFloor = await read('units?sort=floor&liveOnly=true');
    // By floor, then number; the units without a floor come last.
    expect(numbersOf(byFloor)).toEqual(['9', '11', '101', '12', '20', '100', '101.5', '1', '2', '3', '10']);
  });

  it('finds units by number, by a linked person’s name whatever the accents, and by email', async () => {
    expect(numbersOf(await read('units?q=101'))).toEqual(['101', '101.5']);
    expect(numbersOf(await read('units?q=cote'))).toEqual(['101']);
    expect(numbersOf(await read('units?q=ELENA%20C'))).toEqual(['101']);
    expect(numbersOf(await read('units?q=elena@example'))).toEqual(['101']);
    const search = await read('units?q=quiet&pageSize=1');
    expect(search.total).toBe(1);
    expect(numbersOf(search)).toEqual(['2']);
    expect(await read('units?q=nobody')).toMatchObject({ items: [], total: 0, archivedCount: 1 });
  });

  it('filters the units without an owner, and those whose insurance is to check', async () => {
    const noOwner = await read('units?filter=noOwner&liveOnly=true&pageSize=3');
    expect(noOwner.total).toBe(9);
    expect(numbersOf(noOwner)).toEqual(['1', '2', '3']);
    // Today is 2026-11-25: a policy ending within 60 days is to check, and so is one without its proof.
    const insured = (endDate: string) => ({ provider: 'Desjardins', endDate });
    const unit1 = units.get('1') ?? '';
    const unit3 = units.get('3') ?? '';
    for (const [uuid, endDate] of [
      [unit1, '2027-06-30'],
      [unit3, '2027-01-10'],
    ] as const) {
      const unit = (await as(h, admin).get(`${base}/units/${uuid}`)).json();
      const { owners, residents, proxies, parkings, lockers, automaticPayment, noMonthlyFees, waterHeater } =
        unit;
      const edit = await as(h, admin).put(`${base}/units/${uuid}`, {
        owners,
        residents,
        proxies,
        parkings,
        lockers,
        automaticPayment,
        noMonthlyFees,
        waterHeater,
        insurance: insured(endDate),
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const proof = await as(h, admin).put(`${base}/units/${uuid}/insurance-proof`, pdfUpload());
      expect(proof.statusCode, proof.body).toBe(200);
    }
    const toCheck = await read('units?filter=insurance&liveOnly=true');
    expect(toCheck.total).toBe(10);
    expect(uuidsOf(toCheck)).toContain(unit3);
    expect(uuidsOf(toCheck)).not.toContain(unit1);
  });

  it('names the current owners of each unit of the page', async () => {
    const page = await read('units?q=101&pageSize=1');
    expect(page.items[0]).toMatchObject({ number: '101', ownerNames: ['Éléna Côté'] });
  });

  it('shows an owner their units only, and searches only what they may read', async () => {
    const mine = await read('units', owner);
    expect(mine).toMatchObject({ total: 1, archivedCount: 0 });
    expect(numbersOf(mine)).toEqual(['9']);
    expect(numbersOf(await read(`units?q=${encodeURIComponent(owner.email)}`, owner))).toEqual(['9']);
    expect((await read('units?q=101', owner)).total).toBe(0);
  });

  it('refuses a page size over the limit, an unknown sort and another list’s filter', async () => {
    for (const query of [
      'pageSize=501',
      'pageSize=0',
      'page=0',
      'sort=lastName',
      'filter=free',
      'liveOnly=yes',
    ]) {
      const res = await as(h, admin).get(`${base}/units?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('pages of the other lists', () => {
  it('sorts people by last or first name whatever the accents, and finds them by unit number', async () => {
    const byLast = await read('people');
    expect(byLast.items.map((p) => p.lastName)).toEqual(['Côté', 'Open', 'Owner', 'Quiet']);
    const byFirst = await read('people?sort=firstName');
    expect(byFirst.items.map((p) => p.lastName)).toEqual(['Open', 'Quiet', 'Côté', 'Owner']);
    expect(uuidsOf(await read('people?q=101'))).toEqual([cote]);
    expect(uuidsOf(await read('people?q=5145550123'))).toEqual([quiet]);
  });

  it('lets the directory find people only by what they share', async () => {
    for (const who of [owner, resident]) {
      expect((await read('people?q=hidden@example', who)).total).toBe(0);
      expect((await read('people?q=555', who)).total).toBe(0);
      expect(uuidsOf(await read('people?q=shown@example', who))).toEqual([open]);
      expect(uuidsOf(await read('people?q=quiet', who))).toEqual([quiet]);
    }
    // Managers find a unit by the email of a person who lives there.
    expect(numbersOf(await read('units?q=hidden'))).toEqual(['2']);
  });

  it('filters parkings and lockers free or held by a unit, and finds them by the unit', async () => {
    const held = await postCreated(h, admin, `${base}/parkings`, parkingBody('P-held'));
    const free = await postCreated(h, admin, `${base}/parkings`, parkingBody('P-free'));
    const rented = await postCreated(
      h,
      admin,
      `${base}/parkings`,
      parkingBody('P-rented', { renter: { personUuid: cote } }),
    );
    const locker = await postCreated(h, admin, `${base}/lockers`, lockerBody('L-held'));
    const unit = (await as(h, admin).get(`${base}/units/${units.get('20')}`)).json();
    const { owners, residents, proxies, automaticPayment, noMonthlyFees, insurance, waterHeater } = unit;
    const edit = await as(h, admin).put(`${base}/units/${units.get('20')}`, {
      owners,
      residents,
      proxies,
      automaticPayment,
      noMonthlyFees,
      insurance,
      waterHeater,
      parkings: [held.uuid],
      lockers: [locker.uuid],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ parkingNumbers: ['P-held'], lockerNumbers: ['L-held'] });
    expect(uuidsOf(await read('parkings?filter=assigned'))).toEqual([held.uuid]);
    expect(uuidsOf(await read('parkings?filter=free'))).toEqual([free.uuid, rented.uuid]);
    expect(uuidsOf(await read('lockers?filter=assigned'))).toEqual([locker.uuid]);
    expect((await read('lockers?filter=free')).total).toBe(0);
    expect(uuidsOf(await read('parkings?q=20'))).toEqual([held.uuid]);
    expect(uuidsOf(await read('parkings?q=côté'))).toEqual([rented.uuid]);
  });

  it('filters categories by parent and finds them by the parent’s name in the reader’s language', async () => {
    const snow = await postCreated(h, admin, `${base}/categories`, categoryBody('Snow removal'));
    const rent = await postCreated(h, admin, `${base}/categories`, categoryBody('Locker rent', 'revenues'));
    const revenues = await read('categories?filter=revenues&pageSize=500');
    expect(revenues.items.every((c) => c.parent === 'revenues')).toBe(true);
    expect(uuidsOf(revenues)).toContain(rent.uuid);
    expect(uuidsOf(revenues)).not.toContain(snow.uuid);
    const all = await read('categories?pageSize=500');
    const byName = all.items.map((c) => String(c.name));
    expect(byName).toEqual(
      [...byName].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' }) || x.localeCompare(y)),
    );
    const found = await read(`categories?q=${encodeURIComponent('revenue')}&pageSize=500`);
    expect(found.total).toBe(revenues.total);
    expect(uuidsOf(await read('categories?q=snow'))).toEqual([snow.uuid]);
  });

  it('sorts suppliers by name or ledger account and finds them by phone digits', async () => {
    const zeta = await postCreated(h, admin, `${base}/suppliers`, supplierBody('Zeta'));
    const alpha = await postCreated(
      h,
      admin,
      `${base}/suppliers`,
      supplierBody('Àlpha', { phones: [{ number: '(450) 555-9876', type: 'work' }] }),
    );
    expect(uuidsOf(await read('suppliers'))).toEqual([alpha.uuid, zeta.uuid]);
    expect(uuidsOf(await read('suppliers?sort=aid'))).toEqual([zeta.uuid, alpha.uuid]);
    expect(uuidsOf(await read('suppliers?q=4505559876'))).toEqual([alpha.uuid]);
    expect(uuidsOf(await read('suppliers?q=alpha'))).toEqual([alpha.uuid]);
  });
});
