import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RequestAttachment, RequestDetail, RequestEmailTemplateInput } from '@copro/domain';
import { request } from '../../../db/schema/index';
import { as, type Harness, type TestUser } from '../../../test/harness';
import { nextNumber, requestFileKey } from './requests';
import type { KeeperScope } from './scope';
import { createTag } from './tags';
import { createTemplate } from './templates';

/** Helpers of the requests tests and the permissions matrix. */

/** A multipart form carrying `files` in field `file`, as the browser sends it. */
export async function filesForm(files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append('file', new File([f.bytes], f.name, { type: f.type }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Posts files to a request as `u`. */
export async function attachFiles(
  h: Harness,
  u: TestUser | null,
  url: string,
  files: { name: string; type: string; bytes: Buffer }[],
): Promise<LightMyRequestResponse> {
  const form = await filesForm(files);
  return h.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
  });
}

export const textFile = (name = 'photo-notes.txt') => ({
  name,
  type: 'text/plain',
  bytes: Buffer.from(`Leak under the sink (${name})\n`),
});

/** Makes a request as `u` through the API; the test stops with the server's answer if refused. */
export async function makeRequest(
  h: Harness,
  u: TestUser,
  buildingRef: string,
  body: Record<string, unknown>,
): Promise<RequestDetail> {
  const res = await as(h, u).post(`/api/buildings/${buildingRef}/requests`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RequestDetail;
}

/**
 * A request written straight into the table, made in the app by `requester` (or by someone outside
 * it), with `files` stored: for tests about something else than making one.
 */
export async function insertRequest(
  h: Harness,
  buildingId: string,
  requester: TestUser | null,
  files: { name: string; bytes: Buffer }[] = [],
): Promise<{ uuid: string; fileIds: string[] }> {
  const uuid = randomUUID();
  const now = h.platform.clock.now();
  const attachments: RequestAttachment[] = [];
  for (const f of files) {
    const fileId = randomUUID();
    await h.platform.storage.put(requestFileKey(buildingId, fileId), f.bytes);
    attachments.push({ fileId, fileName: f.name, mimeType: 'text/plain', size: f.bytes.length });
  }
  await h.platform.db.transaction(async (tx) =>
    tx.insert(request).values({
      buildingId,
      uuid,
      number: await nextNumber(tx, buildingId),
      title: 'Fixture request',
      requesterId: requester?.id ?? null,
      requesterName: requester ? 'Requester' : 'Someone outside',
      requesterEmail: requester?.email ?? null,
      attachments,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    }),
  );
  return { uuid, fileIds: attachments.map((a) => a.fileId) };
}

const fixtureWriter = { source: { kind: 'system' as const, id: 'backend' }, language: 'en' as const };

/** A tag written through the service, kept by the building or by its group. */
export const insertTag = (h: Harness, scope: KeeperScope, name = 'Fixture tag'): Promise<string> =>
  h.platform.db.transaction(
    async (tx) => (await createTag(tx, scope, fixtureWriter, { name, color: '#123456' })).uuid,
  );

/** A request email template written through the service, kept by the building or by its group. */
export const insertTemplate = (
  h: Harness,
  scope: KeeperScope,
  body: RequestEmailTemplateInput,
): Promise<string> =>
  h.platform.db.transaction(async (tx) => (await createTemplate(tx, scope, fixtureWriter, body)).uuid);
