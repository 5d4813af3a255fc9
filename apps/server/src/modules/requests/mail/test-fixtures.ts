import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { RequestEmail, RequestEmailPage } from '@copro/domain';
import { outbox } from '../../../db/schema/index';
import { as, type Harness, type TestUser } from '../../../test/harness';
import { receiveMessage } from './inbound';

/** Helpers of the requests-by-email tests and the permissions matrix. */

export const mailDomain = 'inbound.copro.test';

/** A real SMTP client to the listener (plain text on the loopback: no certificate to trust). */
export const smtpClient = (port: number) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

export async function sendTo(port: number, message: Mail.Options): Promise<void> {
  await smtpClient(port).sendMail(message);
}

export async function folderOf(
  h: Harness,
  u: TestUser,
  ref: string,
  folder: string,
): Promise<RequestEmailPage> {
  const res = await as(h, u).get(`/api/buildings/${ref}/request-emails?folder=${folder}`);
  if (res.statusCode !== 200) throw new Error(`folder ${folder}: ${res.statusCode} ${res.body}`);
  return res.json() as RequestEmailPage;
}

export async function conversationOf(
  h: Harness,
  u: TestUser,
  ref: string,
  request: string,
): Promise<RequestEmail[]> {
  const res = await as(h, u).get(`/api/buildings/${ref}/requests/${request}/emails`);
  if (res.statusCode !== 200) throw new Error(`conversation: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: RequestEmail[] }).items;
}

/** A reply's multipart form: the JSON field `reply` and its files. */
export async function replyForm(reply: object, files: { name: string; type: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  form.append('reply', JSON.stringify(reply));
  for (const f of files) form.append('files', new File([f.bytes], f.name, { type: f.type }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function postReply(
  h: Harness,
  u: TestUser,
  ref: string,
  request: string,
  reply: object,
  files: { name: string; type: string; bytes: Buffer }[] = [],
) {
  const form = await replyForm(reply, files);
  return h.app.inject({
    method: 'POST',
    url: `/api/buildings/${ref}/requests/${request}/emails`,
    payload: form.payload,
    headers: { ...form.headers, cookie: u.cookie },
  });
}

export async function outboxRow(h: Harness, messageId: string) {
  const [row] = await h.platform.db.select().from(outbox).where(eq(outbox.messageId, messageId));
  if (!row) throw new Error(`no outbox mail ${messageId}`);
  return row;
}

/** Hands a raw message to the building's address, as the SMTP listener does after DATA. */
export const deliverRaw = (h: Harness, raw: string, to: string): Promise<void> =>
  receiveMessage(h.platform, Buffer.from(raw), [to]);
