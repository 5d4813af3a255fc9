import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PostDeliveries, PostFormValues } from '@copro/domain';
import { as, type BuildingFixture, type Harness, type TestUser } from '../../../test/harness';
import {
  createDirectly,
  lockerBody,
  parkingBody,
  personBody,
  unitBody,
} from '../../../test/registry-fixtures';

export interface TestFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export const textFile = (name: string, text = `contents of ${name}`): TestFile => ({
  name,
  type: 'text/plain',
  bytes: Buffer.from(text),
});

/** The new-post form as the browser sends it: the post as JSON, the files beside it. */
export async function postForm(values: PostFormValues, files: readonly TestFile[] = []) {
  const form = new FormData();
  form.append('post', JSON.stringify(values));
  for (const file of files) form.append('files', new File([file.bytes], file.name, { type: file.type }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export const postsPath = (b: BuildingFixture): string => `/api/buildings/${b.ref}/posts`;

/** Sends the new-post form as `u`. */
export async function sendPostForm(
  h: Harness,
  b: BuildingFixture,
  u: TestUser | null,
  values: PostFormValues,
  files: readonly TestFile[] = [],
): Promise<LightMyRequestResponse> {
  const form = await postForm(values, files);
  return h.app.inject({
    method: 'POST',
    url: postsPath(b),
    payload: form.payload,
    headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
  });
}

/** A post the test needs: stops with the server's answer if it is refused. */
export async function publishPost(
  h: Harness,
  b: BuildingFixture,
  u: TestUser,
  values: PostFormValues,
  files: readonly TestFile[] = [],
): Promise<string> {
  const res = await sendPostForm(h, b, u, values, files);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { uuid: string }).uuid;
}

export async function deliveriesOf(h: Harness, b: BuildingFixture, u: TestUser, uuid: string) {
  const res = await as(h, u).get(`${postsPath(b)}/${uuid}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostDeliveries;
}

export const bothLanguages = {
  en: { title: 'Water shut-off', body: '<p>Dear {{recipientName}}, the water is off.</p>' },
  fr: { title: "Coupure d'eau", body: "<p>Bonjour {{recipientName}}, l'eau sera coupée.</p>" },
};

/**
 * A small building's registry: unit 101 (floor 1, owner Alice in English, locker L1), unit 204
 * (floor 2, owner Bernard in French, resident Rita in French, proxy Yves), unit 205 (floor 2, owner
 * Paul with no language, so the building's, resident Ed in English, a former owner Zed whose link
 * ended in March), and parking P1 rented by Pat, who lives elsewhere.
 */
export async function smallRegistry(
  h: Harness,
  b: BuildingFixture,
  emails: { alice: string; rita: string; ed: string },
) {
  const person = (name: string, email: string | null, locale?: string) =>
    createDirectly(h, b, 'people', personBody(name, email ? [email] : [], locale ? { locale } : {}));
  const alice = await person('Alice', emails.alice, 'en-CA');
  const bernard = await person('Bernard', 'bernard@example.test', 'fr-CA');
  const rita = await person('Rita', emails.rita, 'fr-CA');
  const yves = await person('Yves', 'yves@example.test', 'fr-CA');
  const paul = await person('Paul', 'paul@example.test');
  const ed = await person('Ed', emails.ed, 'en-CA');
  const zed = await person('Zed', 'zed@example.test', 'en-CA');
  const pat = await person('Pat', 'pat@example.test', 'en-CA');
  const nomail = await person('Nomail', null);
  const locker = await createDirectly(h, b, 'lockers', lockerBody());
  await createDirectly(h, b, 'parkings', parkingBody(undefined, { renter: { personUuid: pat } }));
  await createDirectly(
    h,
    b,
    'units',
    unitBody('101', {
      floor: '1',
      owners: [{ personUuid: alice }, { personUuid: nomail }],
      lockers: [locker],
    }),
  );
  await createDirectly(
    h,
    b,
    'units',
    unitBody('204', {
      floor: '2',
      owners: [{ personUuid: bernard }],
      residents: [{ personUuid: rita }],
      proxies: [{ personUuid: yves }],
    }),
  );
  await createDirectly(
    h,
    b,
    'units',
    unitBody('205', {
      floor: '2',
      owners: [{ personUuid: paul }, { personUuid: zed, to: '2026-03-01' }],
      residents: [{ personUuid: ed }],
    }),
  );
}
