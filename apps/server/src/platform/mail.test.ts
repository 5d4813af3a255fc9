import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { translate } from '@copro/domain';
import { rowsOf } from '../db/client';
import { job, outbox } from '../db/schema/index';
import { as, createHarness, type Harness } from '../test/harness';
import { JobQueue } from './jobs';
import { actionMail, Mailer, mailJob } from './mail';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it receives. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { server, port, received };
}

/** A port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Quoted-printable: =XX escapes are bytes of UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
const decodeHeader = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

/** One header of a raw message, unfolded. */
const headerOf = (raw: string, name: string): string => {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};

/** The decoded text/plain part of a raw message. */
function textPartOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/plain/i.test(p));
  if (!part) throw new Error(`no text/plain part in:\n${raw}`);
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers!)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(content.replace(/=\r?\n/g, ''));
  return content;
}

const resetMail = (to: string) =>
  actionMail('fr', {
    to,
    name: 'Émilie',
    key: 'mail.reset',
    url: 'https://copro.example/_auth?mode=resetPassword&token=abc',
  });

describe('mail without SMTP (demo mailbox)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());

  it('holds each mail in the outbox, queues no job, and lists the mailbox newest first', async () => {
    expect(h.platform.mailer.sends).toBe(false);
    const first = await h.platform.mailer.queue(h.platform.db, resetMail('first@example.test'));
    const second = await h.platform.mailer.queue(
      h.platform.db,
      actionMail('en', {
        to: 'second@example.test',
        name: 'Sam',
        key: 'mail.verify',
        url: 'https://copro.example/verify',
      }),
    );

    const rows = await h.platform.db
      .select()
      .from(outbox)
      .where(sql`${outbox.id} in (${first}, ${second})`);
    expect(rows.map((r) => r.status)).toEqual(['held', 'held']);
    const jobs = await rowsOf<{ id: number }>(
      h.platform.db,
      sql`select id from jobs where name = ${mailJob}`,
    );
    expect(jobs).toEqual([]);

    const res = await as(h, null).get('/api/demo/mailbox');
    expect(res.statusCode).toBe(200);
    const mailbox = (res.json() as { id: string; to: string; subject: string; text: string }[]).filter(
      (m) => m.id === first || m.id === second,
    );
    expect(mailbox.map((m) => m.id)).toEqual([second, first]);
    expect(mailbox[0]).toMatchObject({
      to: 'second@example.test',
      subject: translate('en', 'mail.verify.subject'),
    });
    expect(mailbox[1]).toMatchObject({
      to: 'first@example.test',
      subject: 'Réinitialisez votre mot de passe',
    });
    expect(mailbox[1]!.text).toContain('Bonjour Émilie,');
    expect(mailbox[1]!.text).toContain('https://copro.example/_auth?mode=resetPassword&token=abc');
  });

  it('shows the mailbox only to this machine: a relayed request gets not found', async () => {
    // Its reset links would let anyone take over an account.
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of relayed) {
      const res = await as(h, null).get('/api/demo/mailbox', headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('token=');
    }
  });

  it('stores nothing when the transaction that queued the mail rolls back', async () => {
    const to = `rolled-back-${Date.now()}@example.test`;
    await expect(
      h.platform.db.transaction(async (tx) => {
        await h.platform.mailer.queue(tx, resetMail(to));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await h.platform.db.select().from(outbox).where(eq(outbox.to, to))).toEqual([]);
  });

  it('keeps a mail pending with the error, re-queues its job, and marks it failed after the last attempt', async () => {
    const queue = new JobQueue(h.platform.db, 50);
    const mailer = new Mailer(
      h.platform.db,
      queue,
      `smtp://127.0.0.1:${await closedPort()}`,
      'Copro <no-reply@copro.local>',
    );
    expect(mailer.sends).toBe(true);
    const id = await mailer.queue(h.platform.db, resetMail('unreachable@example.test'));

    expect(await queue.drain()).toBe(1);
    const [mail] = await h.platform.db.select().from(outbox).where(eq(outbox.id, id));
    expect(mail).toMatchObject({ status: 'pending', sentAt: null });
    const [queued] = await h.platform.db
      .select()
      .from(job)
      .where(sql`${job.name} = ${mailJob} and ${job.payload}->>'id' = ${id}`);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(mail!.error).toMatch(/ECONNREFUSED|connect/i);

    // After the last attempt the mail itself says it failed.
    await h.platform.db.execute(
      sql`update jobs set run_at = now(), attempts = max_attempts - 1 where id = ${queued!.id}`,
    );
    expect(await queue.drain()).toBe(1);
    const [failed] = await h.platform.db.select().from(outbox).where(eq(outbox.id, id));
    expect(failed).toMatchObject({ status: 'failed', sentAt: null });
  });
});

describe('mail through SMTP', () => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends a queued mail by the job and marks it sent', async () => {
    expect(h.platform.mailer.sends).toBe(true);
    const to = `owner-${Date.now()}@example.test`;
    const id = await h.platform.mailer.queue(h.platform.db, resetMail(to));
    const [pending] = await h.platform.db.select().from(outbox).where(eq(outbox.id, id));
    expect(pending!.status).toBe('pending');

    expect(await h.platform.jobs.drain()).toBeGreaterThanOrEqual(1);

    const messages = smtp.received.filter((m) => m.to.includes(to));
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.from).toBe('no-reply@copro.local');
    expect(headerOf(message.raw, 'To')).toBe(to);
    const subject = headerOf(message.raw, 'Subject');
    // Non-ASCII subject: encoded on the wire, the same words once decoded.
    expect(subject).toMatch(/^=\?utf-8\?/i);
    expect(decodeHeader(subject)).toBe('Réinitialisez votre mot de passe');
    const text = textPartOf(message.raw);
    expect(text).toContain('Bonjour Émilie,');
    expect(text).toContain('réinitialisation du mot de passe');
    expect(text).toContain('https://copro.example/_auth?mode=resetPassword&token=abc');

    const [sent] = await h.platform.db.select().from(outbox).where(eq(outbox.id, id));
    expect(sent!.status).toBe('sent');
    expect(sent!.sentAt).toBeInstanceOf(Date);
    const [done] = await h.platform.db
      .select()
      .from(job)
      .where(sql`${job.name} = ${mailJob} and ${job.payload}->>'id' = ${id}`);
    expect(done).toMatchObject({ status: 'done', attempts: 1 });

    // A second drain sends nothing again.
    await h.platform.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('sends copies in Cc, to each of them, and not in To', async () => {
    const to = `to-${Date.now()}@example.test`;
    const copies = [`cc1-${Date.now()}@example.test`, `cc2-${Date.now()}@example.test`];
    const id = await h.platform.mailer.queue(h.platform.db, { ...resetMail(to), cc: copies });
    const [queued] = await h.platform.db.select().from(outbox).where(eq(outbox.id, id));
    expect(queued).toMatchObject({ to, cc: copies });

    await h.platform.jobs.drain();
    const [message] = smtp.received.filter((m) => m.to.includes(to));
    expect(message!.to).toEqual([to, ...copies]);
    expect(headerOf(message!.raw, 'To')).toBe(to);
    expect(headerOf(message!.raw, 'Cc')).toBe(copies.join(', '));
  });
});
