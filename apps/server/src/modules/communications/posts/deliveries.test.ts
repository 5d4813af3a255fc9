import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { activityLog, outbox } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import {
  bothLanguages,
  deliveriesOf,
  postsPath,
  publishPost,
  smallRegistry,
  textFile,
} from './test-fixtures';

/**
 * A local SMTP server that accepts every recipient but those whose address starts with
 * `bounce`, which it refuses for good (550), as a receiving server refuses an unknown mailbox.
 */
async function startSmtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) {
        const refusal = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let h: Harness;
let b: BuildingFixture;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await createHarness({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  b = await createBuildingFixture(h, { locale: 'fr-CA', name: 'Les Jardins' });
  admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  await smallRegistry(h, b, {
    alice: 'alice@example.test',
    rita: 'rita@example.test',
    ed: 'bounce-ed@example.test',
  });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

describe('delivery statuses through SMTP', () => {
  it('shows sent and bounced mails, and resends only to those who did not receive it', async () => {
    const uuid = await publishPost(
      h,
      b,
      admin,
      { texts: bothLanguages, recipients: ['floor-2'], sendEmail: true },
      [textFile('schedule.txt', 'Monday 9 to 5')],
    );
    const queued = await deliveriesOf(h, b, admin, uuid);
    expect(queued.counts.pending).toBe(5);

    await h.platform.jobs.drain();
    const after = await deliveriesOf(h, b, admin, uuid);
    const statusOf = Object.fromEntries(after.recipients.map((r) => [r.email, r.status]));
    expect(statusOf).toEqual({
      'bernard@example.test': 'sent',
      'bounce-ed@example.test': 'bounce',
      'paul@example.test': 'sent',
      'rita@example.test': 'sent',
      'yves@example.test': 'sent',
    });
    expect(after.counts).toMatchObject({ sent: 4, bounce: 1, pending: 0 });
    expect(after.recipients.find((r) => r.status === 'bounce')?.error).toContain('No such mailbox');

    // What went out: from the building, with the attachment.
    const toRita = smtp.received.find((m) => m.to.includes('rita@example.test'));
    expect(toRita?.raw).toMatch(/^From: Les Jardins <no-reply@copro\.local>/m);
    expect(toRita?.raw).toContain('filename=schedule.txt');

    const resent = await as(h, admin).post(`${postsPath(b)}/${uuid}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ resent: 1 });
    const retry = await deliveriesOf(h, b, admin, uuid);
    const ed = retry.recipients.find((r) => r.email === 'bounce-ed@example.test');
    expect(ed).toMatchObject({ status: 'pending', attempts: 2 });
    expect(retry.recipients.filter((r) => r.attempts === 1)).toHaveLength(4);
    expect(await h.platform.db.select().from(outbox).where(eq(outbox.to, 'rita@example.test'))).toHaveLength(
      1,
    );
    const [logged] = await h.platform.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, b.id), eq(activityLog.event, 'postResent')));
    expect(logged?.metadata).toMatchObject({ postUuid: uuid, addresses: ['bounce-ed@example.test'] });
  });
});
