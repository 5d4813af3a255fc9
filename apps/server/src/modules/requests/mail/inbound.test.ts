import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail } from '@copro/domain';
import { requestEmail } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import {
  createDirectly,
  createMember,
  logsAbout,
  personBody,
  unitBody,
} from '../../../test/registry-fixtures';
import { startSmtpListener, type SmtpListener } from './smtp-listener';
import {
  conversationOf,
  folderOf,
  mailDomain,
  outboxRow,
  postReply,
  sendTo,
  smtpClient,
} from './test-fixtures';

let h: Harness;
let b: BuildingFixture;
let smtp: SmtpListener;
let handler: TestUser;
let unit204: string;
const address = () => `${b.ref}@${mailDomain}`;
const known = 'marie.tremblay@example.test';

beforeAll(async () => {
  h = await createHarness({ mailInDomain: mailDomain });
  b = await createBuildingFixture(h);
  handler = await createMember(h, b, 'Handler', 'handler');
  const marie = await createDirectly(h, b, 'people', personBody('Tremblay', [known], { firstName: 'Marie' }));
  unit204 = await createDirectly(h, b, 'units', unitBody('204', { owners: [{ personUuid: marie }] }));
  smtp = await startSmtpListener(h.platform, { port: 0, host: '127.0.0.1' }, () => {});
});
afterAll(async () => {
  await smtp.close();
  await h.close();
});

const emailsOf = (messageId: string) =>
  h.platform.db
    .select()
    .from(requestEmail)
    .where(and(eq(requestEmail.buildingId, b.id), eq(requestEmail.messageId, messageId)));

const request = async (uuid: string) => {
  const res = await as(h, handler).get(`/api/buildings/${b.ref}/requests/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RequestDetail;
};

describe('requests by email: the SMTP path end to end', () => {
  let opened: string;

  it("a known person's email opens a request on their unit, logged and unread for handlers", async () => {
    await sendTo(smtp.port, {
      from: `Marie Tremblay <${known}>`,
      to: address(),
      subject: 'Fuite sous l’évier',
      text: 'Il y a une fuite sous l’évier du 204.',
      messageId: '<first@example.test>',
    });
    const [stored] = await emailsOf('<first@example.test>');
    expect(stored).toMatchObject({ folder: 'request', fromAddress: known, fromName: 'Marie Tremblay' });
    opened = stored!.requestUuid!;
    const detail = await request(opened);
    expect(detail).toMatchObject({
      title: 'Fuite sous l’évier',
      unitUuid: unit204,
      requesterEmail: known,
      fromEmail: true,
    });
    const conversation = await conversationOf(h, handler, b.ref, opened);
    expect(conversation.map((e) => [e.subject, e.read, e.self])).toEqual([
      ['Fuite sous l’évier', false, false],
    ]);
    expect((await logsAbout(h, b, stored!.uuid)).map((l) => l.event)).toEqual(['requestEmailReceived']);
  });

  it('an answer threads into its request by In-Reply-To, and by References alone', async () => {
    await sendTo(smtp.port, {
      from: 'someone.else@example.test',
      to: address(),
      subject: 'Re: Fuite',
      text: 'Le plombier passe demain.',
      messageId: '<second@example.test>',
      inReplyTo: '<first@example.test>',
    });
    await sendTo(smtp.port, {
      from: known,
      to: address(),
      subject: 'Encore',
      text: 'Toujours une fuite.',
      messageId: '<third@example.test>',
      references: ['<nothing@example.test>', '<second@example.test>'],
    });
    expect((await emailsOf('<second@example.test>'))[0]).toMatchObject({
      folder: 'request',
      requestUuid: opened,
    });
    expect((await emailsOf('<third@example.test>'))[0]).toMatchObject({
      folder: 'request',
      requestUuid: opened,
    });
  });

  it("our reply carries the thread's headers and a token Reply-To; an answer to the token threads without headers", async () => {
    const res = await postReply(h, handler, b.ref, opened, {
      to: [known],
      subject: 'Re: Fuite sous l’évier',
      body: '<p>Le plombier passe <strong>demain</strong>.</p><script>alert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json() as {
      messageId: string;
      self: boolean;
      read: boolean;
      sentStatus: string;
      html: string;
    };
    expect(reply).toMatchObject({ self: true, read: true, sentStatus: 'pending' });
    expect(reply.html).not.toContain('script');
    const mail = await outboxRow(h, reply.messageId);
    expect(mail.messageId).toMatch(new RegExp(`^<[0-9a-f-]+@${mailDomain.replace(/\./g, '\\.')}>$`));
    expect(mail.inReplyTo).toBe('<third@example.test>');
    expect(mail.references).toEqual([
      '<nothing@example.test>',
      '<second@example.test>',
      '<third@example.test>',
    ]);
    expect(mail.fromAddress).toBe(`"Building ${b.ref}" <${address()}>`);
    const token = new RegExp(`^${b.ref}\\+([a-z0-9]+)@${mailDomain.replace(/\./g, '\\.')}$`).exec(
      mail.replyTo ?? '',
    );
    expect(token).not.toBeNull();

    // A mail client that drops every threading header still finds the request by the token.
    await sendTo(smtp.port, {
      from: 'stranger@example.test',
      to: mail.replyTo!,
      subject: 'Merci',
      text: 'Merci!',
      messageId: '<by-token@example.test>',
    });
    expect((await emailsOf('<by-token@example.test>'))[0]).toMatchObject({
      folder: 'request',
      requestUuid: opened,
    });
    // A made-up token on a real building's address is accepted, but threads nowhere.
    await sendTo(smtp.port, {
      from: 'stranger@example.test',
      to: `${b.ref}+0000deadbeef@${mailDomain}`,
      subject: 'Guess',
      text: 'x',
      messageId: '<guess@example.test>',
    });
    expect((await emailsOf('<guess@example.test>'))[0]).toMatchObject({
      folder: 'unknown',
      requestUuid: null,
    });
  });

  it('a delivery status notification about our reply updates its status and is no request email', async () => {
    const [reply] = (await conversationOf(h, handler, b.ref, opened)).filter((e) => e.self);
    const raw = [
      `From: Mail Delivery System <mailer-daemon@mx.example.test>`,
      `To: ${address()}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <dsn-1@mx.example.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.test',
      '',
      `Final-Recipient: rfc822; ${known}`,
      'Action: failed',
      'Status: 5.1.1',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${reply!.messageId}`,
      'Subject: Re: Fuite',
      '--b1--',
      '',
    ].join('\r\n');
    await smtpClient(smtp.port).sendMail({ envelope: { from: '', to: [address()] }, raw });
    expect((await outboxRow(h, reply!.messageId!)).deliveryStatus).toBe('bounce');
    expect(await emailsOf('<dsn-1@mx.example.test>')).toEqual([]);
    const [after] = (await conversationOf(h, handler, b.ref, opened)).filter((e) => e.self);
    expect(after!.sentStatus).toBe('bounce');
  });

  it('an unknown sender goes to unknown, a flagged one to spam, neither opens a request', async () => {
    await sendTo(smtp.port, {
      from: 'nobody@example.test',
      to: address(),
      subject: 'Hello',
      text: 'Who am I?',
      messageId: '<unknown@example.test>',
    });
    await sendTo(smtp.port, {
      from: known,
      to: address(),
      subject: 'Cheap pills',
      text: 'Buy now',
      messageId: '<spam@example.test>',
      headers: { 'X-Spam-Flag': 'YES', 'X-Spam-Status': 'Yes, score=12.0' },
    });
    expect((await emailsOf('<unknown@example.test>'))[0]).toMatchObject({
      folder: 'unknown',
      requestUuid: null,
    });
    expect((await emailsOf('<spam@example.test>'))[0]).toMatchObject({ folder: 'spam', requestUuid: null });
    const spam = await folderOf(h, handler, b.ref, 'spam');
    expect(spam.items.map((e) => e.subject)).toEqual(['Cheap pills']);
    const unknown = await folderOf(h, handler, b.ref, 'unknown');
    // Newest first: both came at the test clock's one instant, so in the order they arrived.
    expect(unknown.items.map((e) => e.subject)).toEqual(['Hello', 'Guess']);
  });

  it('keeps ten attachments, refuses forbidden kinds and the eleventh, and serves them back', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({
      filename: `photo-${i + 1}.txt`,
      content: `photo ${i + 1}`,
      contentType: 'text/plain',
    }));
    await sendTo(smtp.port, {
      from: known,
      to: address(),
      subject: 'Photos',
      text: 'Voici les photos.',
      messageId: '<files@example.test>',
      inReplyTo: '<first@example.test>',
      attachments: [
        { filename: 'run.exe', content: 'MZ....', contentType: 'application/octet-stream' },
        ...files,
      ],
    });
    const [stored] = await emailsOf('<files@example.test>');
    expect(stored!.attachments.map((a) => a.fileName)).toEqual(files.slice(0, 10).map((f) => f.filename));
    expect(stored!.refusedAttachments).toEqual([
      { fileName: 'run.exe', reason: 'forbidden' },
      { fileName: 'photo-11.txt', reason: 'tooMany' },
    ]);
    const first = stored!.attachments[0]!;
    const res = await as(h, handler).get(
      `/api/buildings/${b.ref}/request-emails/${stored!.uuid}/files/${first.fileId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('photo 1');
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('refuses recipients that are no building of ours, so Copro relays nothing', async () => {
    const refused = sendTo(smtp.port, {
      from: known,
      to: `no-such-building@${mailDomain}`,
      subject: 'x',
      text: 'x',
    });
    await expect(refused).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      sendTo(smtp.port, { from: known, to: `${b.ref}@elsewhere.test`, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });
});
