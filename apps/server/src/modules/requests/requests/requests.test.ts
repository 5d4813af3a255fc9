import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  GroupRequestList,
  RenderedRequestTemplate,
  RequestCounts,
  RequestDetail,
  RequestEmail,
  RequestEmailTemplate,
  RequestFormOptions,
  RequestList,
  RequestTag,
} from '@copro/domain';
import { building, requestEmail } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantGroupRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import {
  createDirectly,
  createMember,
  issueKeys,
  logsAbout,
  personBody,
  unitBody,
} from '../../../test/registry-fixtures';
import {
  conversationOf,
  deliverRaw,
  folderOf,
  mailDomain,
  outboxRow,
  postReply,
} from '../mail/test-fixtures';
import { openRequestFromEmail, requestExists } from './intake';
import { attachFiles, makeRequest, textFile } from './test-fixtures';

let h: Harness;
let b: BuildingFixture;
const u = {} as Record<
  'admin' | 'handler' | 'handler2' | 'approver' | 'owner' | 'resident' | 'otherOwner',
  TestUser
>;
let ownerUnit: string;
let otherUnit: string;
const base = () => `/api/buildings/${b.ref}/requests`;

beforeAll(async () => {
  h = await createHarness({ mailInDomain: mailDomain });
  b = await createBuildingFixture(h);
  for (const role of ['admin', 'handler', 'approver', 'owner', 'resident'] as const)
    u[role] = await createMember(h, b, role, role);
  u.handler2 = await createMember(h, b, 'Handler2', 'handler');
  u.otherOwner = await createMember(h, b, 'OtherOwner', 'owner');
  const owner = await createDirectly(h, b, 'people', personBody('Owner', [u.owner.email]));
  const resident = await createDirectly(h, b, 'people', personBody('Resident', [u.resident.email]));
  ownerUnit = await createDirectly(
    h,
    b,
    'units',
    unitBody('204', { owners: [{ personUuid: owner }], residents: [{ personUuid: resident }] }),
  );
  otherUnit = await createDirectly(h, b, 'units', unitBody('305'));
  await createDirectly(h, b, 'people', personBody('Sender', [sender]));
});
afterAll(async () => h.close());

/** A person of the building with no account: their emails open requests no test user reads as theirs. */
const sender = 'sender@example.test';
let messages = 0;
/** An email from `sender`: it opens a request, or threads by its headers or `to`. */
async function senderEmail(subject: string, extra: { to?: string; inReplyTo?: string } = {}) {
  const messageId = `<sender-${++messages}@example.test>`;
  const raw = [
    `From: Sender <${sender}>`,
    `To: ${extra.to ?? `${b.ref}@${mailDomain}`}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    ...(extra.inReplyTo ? [`In-Reply-To: ${extra.inReplyTo}`] : []),
    'Content-Type: text/plain; charset=utf-8',
    '',
    subject,
  ].join('\r\n');
  await deliverRaw(h, raw, extra.to ?? `${b.ref}@${mailDomain}`);
  const [row] = await h.platform.db.select().from(requestEmail).where(eq(requestEmail.messageId, messageId));
  return row!;
}

/** A reply from Copro in the request's thread; answers it with the token address of its Reply-To. */
async function replyIn(requestUuid: string) {
  const res = await postReply(h, u.handler, b.ref, requestUuid, {
    to: [sender],
    subject: 'Re',
    body: '<p>On it</p>',
  });
  expect(res.statusCode, res.body).toBe(201);
  const reply = res.json() as RequestEmail;
  return { reply, tokenAddress: (await outboxRow(h, reply.messageId!)).replyTo! };
}

const newTag = async (by: TestUser, body: Record<string, unknown>, url = `${base()}/tags`) => {
  const res = await as(h, by).post(url, { color: '#2255aa', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RequestTag;
};
const read = async (by: TestUser, uuid: string) => as(h, by).get(`${base()}/${uuid}`);
const list = async (by: TestUser, query = '') => {
  const res = await as(h, by).get(`${base()}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RequestList;
};

describe('requests made, edited and deleted', () => {
  it('numbers each building request in turn, logs it, and lists the latest activity first', async () => {
    const first = await makeRequest(h, u.handler, b.ref, { title: 'Noisy fan', description: 'Roof fan' });
    const second = await makeRequest(h, u.admin, b.ref, {
      title: 'Door closer',
      unitUuid: otherUnit,
      requesterName: 'Marc Tremblay',
      requesterEmail: 'Marc@Example.test',
    });
    expect(second.number).toBe(first.number + 1);
    expect(second).toMatchObject({
      status: 'open',
      unitNumber: '305',
      requesterId: null,
      requesterName: 'Marc Tremblay',
      requesterEmail: 'marc@example.test',
      assigneeId: null,
      notes: [],
    });
    expect(first).toMatchObject({ requesterId: u.handler.id, requesterName: 'handler' });
    const items = (await list(u.admin)).items.map((r) => r.uuid);
    expect(items.indexOf(second.uuid)).toBeLessThan(items.indexOf(first.uuid));
    expect((await logsAbout(h, b, first.uuid)).map((l) => l.event)).toEqual(['requestCreated']);
  });

  it('edits status, title, unit and assignee, logs the changes, and refuses a non-handler as assignee', async () => {
    const r = await makeRequest(h, u.handler, b.ref, { title: 'Leak' });
    const res = await as(h, u.handler).patch(`${base()}/${r.uuid}`, {
      status: 'underway',
      title: 'Leak in 204',
      unitUuid: ownerUnit,
      assigneeId: u.handler2.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'underway',
      title: 'Leak in 204',
      unitNumber: '204',
      assigneeName: 'Handler2',
    });
    const [, edited] = await logsAbout(h, b, r.uuid);
    expect(edited?.event).toBe('requestEdited');
    expect(edited?.changes?.map((c) => c.field).sort()).toEqual([
      'assigneeId',
      'status',
      'title',
      'unitUuid',
    ]);
    const refused = await as(h, u.handler).patch(`${base()}/${r.uuid}`, { assigneeId: u.owner.id });
    expect(refused.statusCode).toBe(400);
    expect(issueKeys(refused)).toEqual(['assigneeId:requests.validation.notAHandler']);
  });

  it('filters by status, assignee, unit, tag and text (by number too)', async () => {
    const tag = await newTag(u.admin, { name: 'Plumbing' });
    const r = await makeRequest(h, u.handler, b.ref, {
      title: 'Clogged drain in the garage',
      tags: [tag.uuid],
      unitUuid: otherUnit,
    });
    const uuids = async (q: string) => (await list(u.handler, q)).items.map((i) => i.uuid);
    expect(await uuids(`?tag=${tag.uuid}`)).toEqual([r.uuid]);
    expect(await uuids(`?unit=${otherUnit}&q=garage`)).toEqual([r.uuid]);
    expect(await uuids(`?q=%23${r.number}`)).toContain(r.uuid);
    expect(await uuids('?status=closed')).not.toContain(r.uuid);
    expect(await uuids('?assignee=none&status=open')).toContain(r.uuid);
    expect(await uuids(`?assignee=${u.handler2.id}`)).not.toContain(r.uuid);
    const page = await list(u.handler, '?pageSize=1');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });

  it('deletes a request with its notes and files, logged', async () => {
    const r = await makeRequest(h, u.handler, b.ref, { title: 'To delete' });
    await as(h, u.handler).post(`${base()}/${r.uuid}/notes`, { text: 'Called the plumber' });
    const attached = await attachFiles(h, u.handler, `${base()}/${r.uuid}/attachments`, [textFile()]);
    const fileId = (attached.json() as RequestDetail).attachments[0]!.fileId;
    expect((await as(h, u.handler).delete(`${base()}/${r.uuid}`)).statusCode).toBe(204);
    expect((await read(u.handler, r.uuid)).statusCode).toBe(404);
    expect((await as(h, u.handler).get(`${base()}/${r.uuid}/attachments/${fileId}`)).statusCode).toBe(404);
    expect((await logsAbout(h, b, r.uuid)).map((l) => l.event)).toContain('requestDeleted');
  });

  it('deleting a request moves its emails back to unassigned, logged, and drops its reply token', async () => {
    const received = await senderEmail('Porte du garage');
    const r = received.requestUuid!;
    const { reply, tokenAddress } = await replyIn(r);
    expect((await as(h, u.handler).delete(`${base()}/${r}`)).statusCode).toBe(204);

    const unassigned = (await folderOf(h, u.handler, b.ref, 'unassigned')).items;
    for (const uuid of [received.uuid, reply.uuid])
      expect(unassigned.find((e) => e.uuid === uuid)).toMatchObject({
        folder: 'unassigned',
        requestUuid: null,
      });
    const [released] = (await logsAbout(h, b, received.uuid)).filter(
      (l) => l.event === 'requestEmailAssigned',
    );
    expect(released?.metadata).toMatchObject({ folder: 'unassigned', fromRequestUuid: r });
    expect(released?.message).toContain(`#${(await logsAbout(h, b, r))[0]!.metadata.number as number}`);
    const [deleted] = (await logsAbout(h, b, r)).filter((l) => l.event === 'requestDeleted');
    expect(deleted?.metadata).toMatchObject({ releasedEmails: 2 });

    // The token named the deleted request: an answer to it is filed as a new email from its sender.
    const answer = await senderEmail('Merci', { to: tokenAddress });
    expect(answer).toMatchObject({ folder: 'request' });
    expect(answer.requestUuid).not.toBe(r);
  });
});

describe('owners and residents', () => {
  let mine: RequestDetail;
  let others: RequestDetail;
  beforeAll(async () => {
    mine = await makeRequest(h, u.owner, b.ref, { title: 'My balcony door', unitUuid: ownerUnit });
    others = await makeRequest(h, u.otherOwner, b.ref, { title: 'Not yours' });
    await as(h, u.handler).post(`${base()}/${mine.uuid}/notes`, { text: 'Owner is difficult' });
  });

  it('submit their own request, logged as submitted', async () => {
    expect(mine).toMatchObject({ requesterId: u.owner.id, unitNumber: '204', notes: null });
    expect((await logsAbout(h, b, mine.uuid)).map((l) => l.event)).toContain('requestSubmitted');
  });

  it('read only the requests they made, never the internal notes', async () => {
    const seen = (await list(u.owner)).items.map((i) => i.uuid);
    expect(seen).toEqual([mine.uuid]);
    const detail = (await read(u.owner, mine.uuid)).json() as RequestDetail;
    expect(detail.notes).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('difficult');
    expect((await read(u.owner, others.uuid)).statusCode).toBe(404);
    expect((await list(u.resident)).items).toEqual([]);
    expect(((await read(u.handler, mine.uuid)).json() as RequestDetail).notes?.map((n) => n.text)).toEqual([
      'Owner is difficult',
    ]);
  });

  it('read a request sent by email from their own address', async () => {
    const { uuid } = await h.platform.db.transaction((tx) =>
      openRequestFromEmail(tx, {
        buildingId: b.id,
        title: 'Sent by mail',
        description: 'Hello',
        requesterName: 'Owner',
        requesterEmail: u.resident.email.toUpperCase(),
        unitUuid: ownerUnit,
        at: new Date('2026-11-25T12:00:00Z'),
      }),
    );
    expect((await list(u.resident)).items.map((i) => i.uuid)).toEqual([uuid]);
    expect(((await read(u.resident, uuid)).json() as RequestDetail).fromEmail).toBe(true);
  });

  it('may not handle: no edit, note, merge or delete; no requester or assignee of their choosing', async () => {
    expect((await as(h, u.owner).patch(`${base()}/${mine.uuid}`, { status: 'closed' })).statusCode).toBe(403);
    expect((await as(h, u.owner).post(`${base()}/${mine.uuid}/notes`, { text: 'x' })).statusCode).toBe(403);
    expect((await as(h, u.owner).delete(`${base()}/${mine.uuid}`)).statusCode).toBe(403);
    const forSomeone = await as(h, u.owner).post(base(), { title: 'x', assigneeId: u.handler.id });
    expect(forSomeone.statusCode).toBe(403);
    const otherUnitRes = await as(h, u.owner).post(base(), { title: 'x', unitUuid: otherUnit });
    expect(issueKeys(otherUnitRes)).toEqual(['unitUuid:requests.validation.unknownUnit']);
  });

  it('a banned handler still reads every request and its notes, and changes nothing', async () => {
    const banned = await createMember(h, b, 'BannedHandler', 'handler', true);
    const detail = (await read(banned, mine.uuid)).json() as RequestDetail;
    expect(detail.notes?.map((n) => n.text)).toEqual(['Owner is difficult']);
    expect((await list(banned)).items.map((i) => i.uuid)).toContain(others.uuid);
    expect((await as(h, banned).patch(`${base()}/${mine.uuid}`, { status: 'closed' })).statusCode).toBe(403);
    expect((await as(h, banned).post(base(), { title: 'x' })).statusCode).toBe(403);
    expect(
      (await attachFiles(h, banned, `${base()}/${mine.uuid}/attachments`, [textFile()])).statusCode,
    ).toBe(403);
  });

  it('attach files to their own request only, and forbidden kinds are refused', async () => {
    const url = `${base()}/${mine.uuid}/attachments`;
    const res = await attachFiles(h, u.owner, url, [textFile('a.txt'), textFile('b.txt')]);
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as RequestDetail;
    expect(detail.attachments.map((a) => a.fileName)).toEqual(['a.txt', 'b.txt']);
    const download = await as(h, u.owner).get(`${url}/${detail.attachments[0]!.fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('a.txt');
    expect(download.headers['content-disposition']).toContain('attachment');
    for (const bad of [
      { name: 'setup.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ\x90\x00') },
      { name: 'page.html', type: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') },
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('#!/bin/sh\nrm -rf /') },
    ]) {
      const refused = await attachFiles(h, u.owner, url, [bad]);
      expect(issueKeys(refused), bad.name).toEqual(['file.0:requests.validation.fileRefused']);
    }
    expect(
      (await attachFiles(h, u.owner, `${base()}/${others.uuid}/attachments`, [textFile()])).statusCode,
    ).toBe(404);
    const many = Array.from({ length: 9 }, (_, i) => textFile(`f${i}.txt`));
    expect(issueKeys(await attachFiles(h, u.owner, url, many))).toEqual([
      'file:requests.validation.tooManyFiles',
    ]);
  });

  it('are offered their own units and the tags in the form, no handlers', async () => {
    const options = (await as(h, u.resident).get(`${base()}/form-options`)).json() as RequestFormOptions;
    expect(options.units.map((x) => x.number)).toEqual(['204']);
    expect(options.handlers).toEqual([]);
    const staff = (await as(h, u.handler).get(`${base()}/form-options`)).json() as RequestFormOptions;
    expect(staff.units.map((x) => x.number)).toEqual(['204', '305']);
    expect(staff.handlers.map((x) => x.id).sort()).toEqual(
      [u.admin.id, u.approver.id, u.handler.id, u.handler2.id].sort(),
    );
  });
});

describe('tags', () => {
  it('assign the default handler to a request assigned to nobody, on creation and when tagged later', async () => {
    const tag = await newTag(u.admin, { name: 'Elevator', defaultHandlerId: u.handler2.id });
    expect(tag.defaultHandlerName).toBe('Handler2');
    const made = await makeRequest(h, u.owner, b.ref, { title: 'Elevator stuck', tags: [tag.uuid] });
    expect(made.assigneeId).toBe(u.handler2.id);
    const chosen = await makeRequest(h, u.handler, b.ref, {
      title: 'Elevator noise',
      tags: [tag.uuid],
      assigneeId: u.handler.id,
    });
    expect(chosen.assigneeId).toBe(u.handler.id);
    const later = await makeRequest(h, u.handler, b.ref, { title: 'Elevator light' });
    const tagged = await as(h, u.handler).patch(`${base()}/${later.uuid}`, { tags: [tag.uuid] });
    expect((tagged.json() as RequestDetail).assigneeId).toBe(u.handler2.id);
  });

  it('refuse a default handler who does not handle requests, and unknown tags on a request', async () => {
    const res = await as(h, u.admin).post(`${base()}/tags`, {
      name: 'X',
      color: '#000000',
      defaultHandlerId: u.owner.id,
    });
    expect(issueKeys(res)).toEqual(['defaultHandlerId:requests.validation.notAHandler']);
    const bad = await as(h, u.admin).post(`${base()}/tags`, { name: 'X'.repeat(31), color: 'red' });
    expect(issueKeys(bad).sort()).toEqual(
      ['color:validation.invalidColor', 'name:validation.tooLong'].sort(),
    );
    const unknown = await as(h, u.handler).post(base(), {
      title: 'x',
      tags: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(issueKeys(unknown)).toEqual(['tags.0:requests.validation.unknownTag']);
  });

  it('deleted are taken off every request, logged', async () => {
    const tag = await newTag(u.handler, { name: 'Temporary' });
    const r = await makeRequest(h, u.handler, b.ref, { title: 'Tagged', tags: [tag.uuid] });
    const edited = await as(h, u.handler).put(`${base()}/tags/${tag.uuid}`, {
      name: 'Renamed',
      color: '#ff0000',
    });
    expect(edited.json()).toMatchObject({ name: 'Renamed', color: '#ff0000' });
    expect((await as(h, u.handler).delete(`${base()}/tags/${tag.uuid}`)).statusCode).toBe(204);
    expect(((await read(u.handler, r.uuid)).json() as RequestDetail).tags).toEqual([]);
    const tagLogs = await logsAbout(h, b, tag.uuid);
    expect(tagLogs.map((l) => l.event)).toEqual([
      'requestTagCreated',
      'requestTagUpdated',
      'requestTagDeleted',
    ]);
    // An edit's fields are the log entry's changes, before and after.
    expect(tagLogs[1]?.changes).toContainEqual({ field: 'name', before: tag.name, after: 'Renamed' });
  });
});

describe('mandatory tags', () => {
  let strict: BuildingFixture;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    strict = await createBuildingFixture(h, { requestTagsMandatory: true });
    admin = await createMember(h, strict, 'StrictAdmin', 'admin');
    owner = await createMember(h, strict, 'StrictOwner', 'owner');
  });

  it('refuse a request without a tag, from a handler or an owner, and an edit that removes the last', async () => {
    const url = `/api/buildings/${strict.ref}/requests`;
    for (const by of [admin, owner]) {
      const res = await as(h, by).post(url, { title: 'No tag' });
      expect(res.statusCode).toBe(400);
      expect(issueKeys(res)).toEqual(['tags:requests.validation.tagRequired']);
    }
    const tag = await newTag(admin, { name: 'General' }, `${url}/tags`);
    const r = await makeRequest(h, owner, strict.ref, { title: 'Tagged', tags: [tag.uuid] });
    const removed = await as(h, admin).patch(`${url}/${r.uuid}`, { tags: [] });
    expect(issueKeys(removed)).toEqual(['tags:requests.validation.tagRequired']);
    const options = (await as(h, owner).get(`${url}/form-options`)).json() as RequestFormOptions;
    expect(options.tagsMandatory).toBe(true);
  });
});

describe('notes and merge', () => {
  it('moves the notes, files and tags into the target, deletes the source, and logs the merge', async () => {
    const t1 = await newTag(u.admin, { name: 'Roof' });
    const t2 = await newTag(u.admin, { name: 'Urgent' });
    const source = await makeRequest(h, u.handler, b.ref, {
      title: 'Roof leak (dup)',
      tags: [t1.uuid, t2.uuid],
    });
    const target = await makeRequest(h, u.handler, b.ref, { title: 'Roof leak', tags: [t1.uuid] });
    await as(h, u.handler).post(`${base()}/${source.uuid}/notes`, { text: 'Seen from unit 305' });
    await attachFiles(h, u.handler, `${base()}/${source.uuid}/attachments`, [textFile('roof.txt')]);
    const res = await as(h, u.handler).post(`${base()}/${source.uuid}/merge`, { intoUuid: target.uuid });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json() as RequestDetail;
    expect(merged.uuid).toBe(target.uuid);
    expect(merged.tags).toEqual([t1.uuid, t2.uuid]);
    expect(merged.notes?.map((n) => n.text)).toEqual(['Seen from unit 305']);
    expect(merged.attachments.map((a) => a.fileName)).toEqual(['roof.txt']);
    const download = await as(h, u.handler).get(
      `${base()}/${target.uuid}/attachments/${merged.attachments[0]!.fileId}`,
    );
    expect(download.body).toContain('roof.txt');
    expect((await read(u.handler, source.uuid)).statusCode).toBe(404);
    const [log] = (await logsAbout(h, b, source.uuid)).filter((l) => l.event === 'requestMerged');
    expect(log?.metadata).toMatchObject({ requestUuid: target.uuid, mergedNumber: source.number });
    const self = await as(h, u.handler).post(`${base()}/${target.uuid}/merge`, { intoUuid: target.uuid });
    expect(issueKeys(self)).toEqual(['intoUuid:requests.validation.mergeIntoItself']);
  });

  it("moves the source's emails into the target's conversation, and its reply token threads into the target", async () => {
    const received = await senderEmail('Fuite au plafond');
    const source = received.requestUuid!;
    const { reply, tokenAddress } = await replyIn(source);
    const target = await makeRequest(h, u.handler, b.ref, { title: 'Plafond du 204' });
    const res = await as(h, u.handler).post(`${base()}/${source}/merge`, { intoUuid: target.uuid });
    expect(res.statusCode, res.body).toBe(200);
    expect((await conversationOf(h, u.handler, b.ref, target.uuid)).map((e) => e.uuid)).toEqual([
      received.uuid,
      reply.uuid,
    ]);
    const [log] = (await logsAbout(h, b, source)).filter((l) => l.event === 'requestMerged');
    expect(log?.metadata).toMatchObject({ moved: { emails: 2 } });

    // An answer carrying only the source's token, and one answering our reply, both land in the target.
    const byToken = await senderEmail('Merci', { to: tokenAddress });
    expect(byToken).toMatchObject({ folder: 'request', requestUuid: target.uuid });
    const byHeader = await senderEmail('Re: Fuite', { inReplyTo: reply.messageId! });
    expect(byHeader).toMatchObject({ folder: 'request', requestUuid: target.uuid });
  });
});

describe('email templates', () => {
  it('are sanitized, listed with their tags, and rendered with a request', async () => {
    const tag = await newTag(u.admin, { name: 'Noise' });
    const res = await as(h, u.handler).post(`${base()}/email-templates`, {
      name: 'Acknowledge',
      subject: 'Request #{{requestNumber}}: {{requestTitle}}',
      body: '<p onclick="x()">Hello {{recipientName}}, unit {{unitNumber}}</p><script>alert(1)</script><p>{{handlerName}}, {{buildingName}} {{balance}}</p>',
      tags: [tag.uuid],
    });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json() as RequestEmailTemplate;
    expect(template.body).toBe(
      '<p>Hello {{recipientName}}, unit {{unitNumber}}</p><p>{{handlerName}}, {{buildingName}} {{balance}}</p>',
    );
    const items = (
      (await as(h, u.handler).get(`${base()}/email-templates`)).json() as { items: RequestEmailTemplate[] }
    ).items;
    expect(items.find((i) => i.uuid === template.uuid)).toMatchObject({
      name: 'Acknowledge',
      tags: [tag.uuid],
    });
    const r = await makeRequest(h, u.handler, b.ref, {
      title: 'Loud <music>',
      unitUuid: ownerUnit,
      requesterId: u.owner.id,
      assigneeId: u.handler2.id,
    });
    const rendered = (
      await as(h, u.handler).post(`${base()}/email-templates/${template.uuid}/render`, {
        requestUuid: r.uuid,
      })
    ).json() as RenderedRequestTemplate;
    expect(rendered.subject).toBe(`Request #${r.number}: Loud <music>`);
    expect(rendered.body).toBe(`<p>Hello owner, unit 204</p><p>Handler2, Building ${b.ref} {{balance}}</p>`);
    expect(rendered.missing).toEqual(['balance']);
    const edited = await as(h, u.handler).put(`${base()}/email-templates/${template.uuid}`, {
      name: 'Ack',
      subject: 'S',
      body: '<p>B</p>',
    });
    expect(edited.json()).toMatchObject({ name: 'Ack', tags: [] });
    expect((await as(h, u.handler).delete(`${base()}/email-templates/${template.uuid}`)).statusCode).toBe(
      204,
    );
    expect((await logsAbout(h, b, template.uuid)).map((l) => l.event)).toEqual([
      'emailTemplateCreated',
      'emailTemplateEdited',
      'emailTemplateDeleted',
    ]);
  });
});

describe('badge counts', () => {
  it('count open and underway requests the user may read, up to 100', async () => {
    const busy = await createBuildingFixture(h);
    const handler = await createMember(h, busy, 'BusyHandler', 'handler');
    const owner = await createMember(h, busy, 'BusyOwner', 'owner');
    const url = `/api/buildings/${busy.ref}/requests/counts`;
    const counts = async (by: TestUser) => (await as(h, by).get(url)).json() as RequestCounts;
    expect(await counts(handler)).toEqual({ openRequests: 0, unreadUnassignedEmails: 0 });
    const mine = await makeRequest(h, owner, busy.ref, { title: 'Mine' });
    const closed = await makeRequest(h, handler, busy.ref, { title: 'Closed' });
    await as(h, handler).patch(`/api/buildings/${busy.ref}/requests/${closed.uuid}`, { status: 'closed' });
    const underway = await makeRequest(h, handler, busy.ref, { title: 'Underway' });
    await as(h, handler).patch(`/api/buildings/${busy.ref}/requests/${underway.uuid}`, {
      status: 'underway',
    });
    expect(await counts(handler)).toEqual({ openRequests: 2, unreadUnassignedEmails: 0 });
    expect((await counts(owner)).openRequests).toBe(1);
    await h.platform.db.transaction(async (tx) => {
      for (let i = 0; i < 120; i++)
        await openRequestFromEmail(tx, {
          buildingId: busy.id,
          title: `Mail ${i}`,
          description: '',
          requesterName: 'Someone',
          requesterEmail: 'someone@example.test',
          unitUuid: null,
          at: new Date('2026-11-25T12:00:00Z'),
        });
    });
    expect((await counts(handler)).openRequests).toBe(100);
    expect((await counts(owner)).openRequests).toBe(1);
    expect(await h.platform.db.transaction((tx) => requestExists(tx, busy.id, mine.uuid))).toBe(true);
    expect(await h.platform.db.transaction((tx) => requestExists(tx, b.id, mine.uuid))).toBe(false);
  });
});

describe('building groups', () => {
  it('keep tags and templates offered in each of their buildings, and list the requests of them all', async () => {
    const groupHandler = await createUser(h, 'GroupHandler');
    const groupAccountant = await createUser(h, 'GroupAccountant');
    await grantGroupRole(h, b, groupHandler, 'handler');
    await grantGroupRole(h, b, groupAccountant, 'accountant');
    const group = `/api/building-groups/${b.buildingGroupId}/requests`;
    const handlers = (await as(h, groupHandler).get(`${group}/handlers`)).json() as {
      items: { id: string }[];
    };
    expect(handlers.items.map((x) => x.id)).toEqual([groupHandler.id]);
    const tag = await newTag(
      groupHandler,
      { name: 'Group tag', defaultHandlerId: groupHandler.id },
      `${group}/tags`,
    );
    expect(tag.scope).toBe('group');
    const offered = ((await as(h, u.owner).get(`${base()}/tags`)).json() as { items: RequestTag[] }).items;
    expect(offered.find((t) => t.uuid === tag.uuid)).toMatchObject({ scope: 'group', name: 'Group tag' });
    const r = await makeRequest(h, u.owner, b.ref, { title: 'Through the group tag', tags: [tag.uuid] });
    expect(r.assigneeId).toBe(groupHandler.id);
    // A building may not change its group's tag.
    expect((await as(h, u.admin).delete(`${base()}/tags/${tag.uuid}`)).statusCode).toBe(404);
    const template = await as(h, groupHandler).post(`${group}/email-templates`, {
      name: 'Group hello',
      subject: 'Hi',
      body: '<p>Hi</p>',
      tags: [tag.uuid],
    });
    expect(template.statusCode, template.body).toBe(201);
    const inBuilding = (
      (await as(h, u.handler).get(`${base()}/email-templates`)).json() as {
        items: RequestEmailTemplate[];
      }
    ).items;
    expect(inBuilding.map((t) => t.name)).toContain('Group hello');
    const listed = await as(h, groupHandler).get(`${group}?q=group%20tag`);
    expect(listed.statusCode, listed.body).toBe(200);
    const all = listed.json() as GroupRequestList;
    expect(all.items.map((i) => [i.uuid, i.buildingRef])).toEqual([[r.uuid, b.ref]]);
    const [bRow] = await h.platform.db.select().from(building).where(eq(building.id, b.id));
    expect(all.items[0]?.buildingName).toBe(bRow?.name);
    expect((await as(h, groupAccountant).get(group)).statusCode).toBe(403);
    expect((await as(h, groupAccountant).get(`${group}/tags`)).statusCode).toBe(403);
    expect((await logsAbout(h, b, tag.uuid)).map((l) => l.event)).toEqual(['requestTagCreated']);
  });
});
