import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestEmail } from '@copro/domain';
import {
  as,
  createBuildingFixture,
  createHarness,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { createMember, logsAbout } from '../../../test/registry-fixtures';
import { makeRequest } from '../requests/test-fixtures';
import { receiveMessage } from './inbound';
import { conversationOf, folderOf, mailDomain, outboxRow, postReply } from './test-fixtures';
import { moveRequestEmails, unreadUnassignedEmailCount } from './thread-moves';

let h: Harness;
let b: BuildingFixture;
const u = {} as Record<
  'admin' | 'approver' | 'handler' | 'handler2' | 'accountant' | 'owner' | 'otherOwner' | 'resident',
  TestUser
>;
let serial = 0;

beforeAll(async () => {
  h = await createHarness({ mailInDomain: mailDomain });
  b = await createBuildingFixture(h);
  for (const role of ['admin', 'approver', 'handler', 'accountant', 'owner', 'resident'] as const)
    u[role] = await createMember(h, b, role, role);
  u.handler2 = await createMember(h, b, 'Handler2', 'handler');
  u.otherOwner = await createMember(h, b, 'OtherOwner', 'owner');
});
afterAll(async () => h.close());

/** Receives a plain email from a stranger, as the listener would hand it over; answers its uuid. */
async function strangerEmail(subject: string, ref = b.ref): Promise<string> {
  const messageId = `<m${++serial}@example.test>`;
  const raw = [
    'From: Stranger <stranger@example.test>',
    `To: ${ref}@${mailDomain}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `About ${subject}`,
  ].join('\r\n');
  await receiveMessage(h.platform, Buffer.from(raw), [`${ref}@${mailDomain}`]);
  const page = await folderOf(h, u.handler, ref, 'unknown');
  const found = page.items.find((e) => e.subject === subject);
  if (!found) throw new Error(`${subject} was not filed under unknown`);
  return found.uuid;
}

const emailUrl = (uuid: string) => `/api/buildings/${b.ref}/request-emails/${uuid}`;
const count = (who: TestUser) => unreadUnassignedEmailCount(h.platform.db, b.id, who.id, 99);

describe('request emails: read per user and the badge count', () => {
  it('counts unread unassigned and unknown emails per user, up to the cap, and not spam nor archived', async () => {
    const before = await count(u.handler);
    const first = await strangerEmail('Bruit');
    const second = await strangerEmail('Odeur');
    expect(await count(u.handler)).toBe(before + 2);
    expect(await unreadUnassignedEmailCount(h.platform.db, b.id, u.handler.id, 1)).toBe(1);

    const read = await as(h, u.handler).put(`${emailUrl(first)}/read`, { read: true });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as RequestEmail).read).toBe(true);
    expect(await count(u.handler)).toBe(before + 1);
    // Another handler has not read it.
    expect(await count(u.handler2)).toBe(before + 2);
    expect(((await as(h, u.handler2).get(emailUrl(first))).json() as RequestEmail).read).toBe(false);

    await as(h, u.handler).put(`${emailUrl(first)}/read`, { read: false });
    expect(await count(u.handler)).toBe(before + 2);

    expect((await as(h, u.handler).put(`${emailUrl(second)}/folder`, { folder: 'spam' })).statusCode).toBe(
      200,
    );
    expect(await count(u.handler)).toBe(before + 1);
    // Moved to unassigned, it counts again.
    expect(
      (await as(h, u.handler).put(`${emailUrl(second)}/folder`, { folder: 'unassigned' })).statusCode,
    ).toBe(200);
    expect(await count(u.handler)).toBe(before + 2);
    const unassigned = await folderOf(h, u.handler, b.ref, 'unassigned');
    expect(unassigned.items.map((e) => e.uuid)).toEqual(expect.arrayContaining([first, second]));
  });
});

describe('request emails: filing by handlers', () => {
  it('assigns an email to a request, archives, deletes: each logged', async () => {
    const request = await makeRequest(h, u.handler, b.ref, { title: 'Porte de garage' });
    const email = await strangerEmail('Garage');
    const assigned = await as(h, u.handler).put(`${emailUrl(email)}/folder`, { requestUuid: request.uuid });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ folder: 'request', requestUuid: request.uuid });
    expect((await conversationOf(h, u.handler, b.ref, request.uuid)).map((e) => e.uuid)).toEqual([email]);

    const nowhere = await as(h, u.handler).put(`${emailUrl(email)}/folder`, {
      requestUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(nowhere.statusCode).toBe(404);

    expect((await as(h, u.handler).put(`${emailUrl(email)}/folder`, { folder: 'archived' })).statusCode).toBe(
      200,
    );
    expect((await folderOf(h, u.handler, b.ref, 'archived')).items.map((e) => e.uuid)).toContain(email);
    expect((await as(h, u.handler).delete(emailUrl(email))).statusCode).toBe(204);
    expect((await as(h, u.handler).get(emailUrl(email))).statusCode).toBe(404);
    expect((await logsAbout(h, b, email)).map((l) => l.event)).toEqual([
      'requestEmailReceived',
      'requestEmailAssigned',
      'requestEmailArchived',
      'requestEmailDeleted',
    ]);
  });

  it('a merge moves the emails of one request into the other', async () => {
    const from = await makeRequest(h, u.handler, b.ref, { title: 'Fuite A' });
    const into = await makeRequest(h, u.handler, b.ref, { title: 'Fuite B' });
    const email = await strangerEmail('Fuite');
    await as(h, u.handler).put(`${emailUrl(email)}/folder`, { requestUuid: from.uuid });
    const moved = await h.platform.db.transaction((tx) => moveRequestEmails(tx, b.id, from.uuid, into.uuid));
    expect(moved).toBe(1);
    expect((await conversationOf(h, u.handler, b.ref, into.uuid)).map((e) => e.uuid)).toEqual([email]);
  });
});

describe('request emails: replies', () => {
  it('refuses more than 20 recipients together and forbidden files, and sends nothing then', async () => {
    const request = await makeRequest(h, u.handler, b.ref, { title: 'Ascenseur' });
    const many = Array.from({ length: 15 }, (_, i) => `p${i}@example.test`);
    const cc = Array.from({ length: 6 }, (_, i) => `c${i}@example.test`);
    const tooMany = await postReply(h, u.handler, b.ref, request.uuid, {
      to: many,
      cc,
      subject: 'Re',
      body: 'x',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      issues: [{ path: ['to'], key: 'validation.tooManyItems', params: { max: 20 } }],
    });
    const exe = await postReply(
      h,
      u.handler,
      b.ref,
      request.uuid,
      { to: ['a@example.test'], subject: 'Re', body: 'x' },
      [{ name: 'tool.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ') }],
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'forbiddenFileType' });
    expect(await conversationOf(h, u.handler, b.ref, request.uuid)).toEqual([]);

    const ok = await postReply(
      h,
      u.handler,
      b.ref,
      request.uuid,
      { to: many, cc: cc.slice(0, 5), subject: 'Re: Ascenseur', body: '<p>Réparé</p>' },
      [{ name: 'rapport.txt', type: 'text/plain', bytes: Buffer.from('rapport') }],
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const sent = ok.json() as RequestEmail;
    expect(sent).toMatchObject({
      self: true,
      sentBy: 'handler',
      to: many,
      attachmentCount: 1,
      text: 'Réparé',
    });
    const mail = await outboxRow(h, sent.messageId!);
    // Copies go in Cc, apart from the addressees: 20 recipients together.
    expect(mail.to.split(', ')).toEqual(many);
    expect(mail.cc).toEqual(cc.slice(0, 5));
    expect(mail.attachments).toEqual([
      expect.objectContaining({ fileName: 'rapport.txt', storageKey: expect.stringContaining(sent.uuid) }),
    ]);
    // The first mail of a thread answers nothing yet.
    expect(mail.inReplyTo).toBeNull();
    expect((await logsAbout(h, b, sent.uuid)).map((l) => l.event)).toEqual(['requestEmailSent']);
  });

  it('a building that sends no emails keeps the reply, blocked, and queues nothing', async () => {
    const quiet = await createBuildingFixture(h, { sendNoEmails: true });
    const handler = await createMember(h, quiet, 'QuietHandler', 'handler');
    const request = await makeRequest(h, handler, quiet.ref, { title: 'Chauffage' });
    const res = await postReply(h, handler, quiet.ref, request.uuid, {
      to: ['a@example.test'],
      subject: 'Re',
      body: 'x',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sentStatus: 'blocked' });
    await expect(outboxRow(h, (res.json() as RequestEmail).messageId!)).rejects.toThrow();
  });
});

describe("request emails: a requester reads their own request's conversation", () => {
  const fileUrl = (email: RequestEmail) => `${emailUrl(email.uuid)}/files/${email.attachments[0]!.fileId}`;
  let own: string;
  let byEmail: string;
  let residents: string;
  let reply: RequestEmail;
  let received: string;

  beforeAll(async () => {
    own = (await makeRequest(h, u.owner, b.ref, { title: 'Balcon' })).uuid;
    // Sent by email from the owner's address: theirs too (the requests part's rule).
    byEmail = (
      await makeRequest(h, u.handler, b.ref, {
        title: 'Par courriel',
        requesterName: 'Owner',
        requesterEmail: u.owner.email,
      })
    ).uuid;
    residents = (await makeRequest(h, u.resident, b.ref, { title: 'Bruit' })).uuid;
    received = await strangerEmail('Balcon fissuré');
    await as(h, u.handler).put(`${emailUrl(received)}/folder`, { requestUuid: own });
    const res = await postReply(
      h,
      u.handler,
      b.ref,
      own,
      { to: [u.owner.email], subject: 'Re: Balcon', body: '<p>Inspection jeudi</p>' },
      [{ name: 'avis.txt', type: 'text/plain', bytes: Buffer.from('avis') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    reply = res.json() as RequestEmail;
    await as(h, u.handler).post(`/api/buildings/${b.ref}/requests/${own}/notes`, { text: 'Interne' });
  });

  it('the owner who made it reads its emails and their files; another owner is not told it exists', async () => {
    const thread = await conversationOf(h, u.owner, b.ref, own);
    expect(thread.map((e) => e.uuid)).toEqual([received, reply.uuid]);
    expect(JSON.stringify(thread)).not.toContain('Interne');
    const file = await as(h, u.owner).get(fileUrl(reply));
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('avis');
    expect((await as(h, u.otherOwner).get(`/api/buildings/${b.ref}/requests/${own}/emails`)).statusCode).toBe(
      404,
    );
    expect((await as(h, u.otherOwner).get(fileUrl(reply))).statusCode).toBe(404);
  });

  it('the owner reads the conversation of a request sent from their address', async () => {
    expect(await conversationOf(h, u.owner, b.ref, byEmail)).toEqual([]);
  });

  it('a resident reads their own only; an accountant none', async () => {
    expect(await conversationOf(h, u.resident, b.ref, residents)).toEqual([]);
    expect((await as(h, u.resident).get(`/api/buildings/${b.ref}/requests/${own}/emails`)).statusCode).toBe(
      404,
    );
    expect((await as(h, u.resident).get(fileUrl(reply))).statusCode).toBe(404);
    expect((await as(h, u.accountant).get(`/api/buildings/${b.ref}/requests/${own}/emails`)).statusCode).toBe(
      403,
    );
    expect((await as(h, u.accountant).get(fileUrl(reply))).statusCode).toBe(403);
  });

  it('the requester only reads: no email outside their request, no folder, no read mark, no reply', async () => {
    const loose = await strangerEmail('Ailleurs');
    expect((await as(h, u.owner).get(emailUrl(loose))).statusCode).toBe(403);
    expect((await as(h, u.owner).get(emailUrl(reply.uuid))).statusCode).toBe(403);
    expect((await as(h, u.owner).put(`${emailUrl(reply.uuid)}/read`, { read: true })).statusCode).toBe(403);
    expect((await as(h, u.owner).put(`${emailUrl(reply.uuid)}/folder`, { folder: 'spam' })).statusCode).toBe(
      403,
    );
    const answer = await postReply(h, u.owner, b.ref, own, {
      to: ['x@example.test'],
      subject: 'Re',
      body: 'x',
    });
    expect(answer.statusCode).toBe(403);
    expect((await conversationOf(h, u.handler, b.ref, own)).map((e) => e.uuid)).toEqual([
      received,
      reply.uuid,
    ]);
  });
});

describe('request emails: who may', () => {
  it('handlers, approvers and admins read folders; accountants, owners and residents do not', async () => {
    for (const who of [u.handler, u.approver, u.admin]) {
      expect(
        (await as(h, who).get(`/api/buildings/${b.ref}/request-emails?folder=unassigned`)).statusCode,
      ).toBe(200);
    }
    for (const who of [u.accountant, u.owner, u.resident]) {
      expect(
        (await as(h, who).get(`/api/buildings/${b.ref}/request-emails?folder=unassigned`)).statusCode,
      ).toBe(403);
    }
  });

  it("everyone who makes requests sees the building's address", async () => {
    const res = await as(h, u.owner).get(`/api/buildings/${b.ref}/request-emails/address`);
    expect(res.statusCode).toBe(200);
    // The harness starts no listener.
    expect(res.json()).toEqual({ address: `${b.ref}@${mailDomain}`, receiving: false });
  });
});
