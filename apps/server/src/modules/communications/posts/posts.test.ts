import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Post, PostPage, PostTemplate } from '@copro/domain';
import { activityLog, outbox } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  grantGroupRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import {
  bothLanguages,
  deliveriesOf,
  postsPath,
  publishPost,
  sendPostForm,
  smallRegistry,
  textFile,
} from './test-fixtures';

let h: Harness;
let b: BuildingFixture;
const u: Record<string, TestUser> = {};

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { locale: 'fr-CA' });
  for (const role of ['admin', 'approver', 'handler', 'accountant', 'owner', 'resident'] as const) {
    u[role] = await createUser(h, role);
    await grantBuildingRole(h, b, u[role]!, role);
  }
  // Ed: a resident of 205 on floor 2, who signs in too.
  u.ed = await createUser(h, 'ed');
  await grantBuildingRole(h, b, u.ed, 'resident');
  u.groupAdmin = await createUser(h, 'groupAdmin');
  await grantGroupRole(h, b, u.groupAdmin, 'admin');
  u.groupAccountant = await createUser(h, 'groupAccountant');
  await grantGroupRole(h, b, u.groupAccountant, 'accountant');
  // The owner user is Alice of 101, the resident user Rita of 204.
  await smallRegistry(h, b, { alice: u.owner!.email, rita: u.resident!.email, ed: u.ed.email });
});
afterAll(async () => h.close());

const namesOf = async (uuid: string) =>
  (await deliveriesOf(h, b, u.admin!, uuid)).recipients.map((r) => r.name).sort();

describe('recipients', () => {
  const cases: [string[], string[]][] = [
    [['owners'], ['Alice', 'Bernard', 'Paul', 'Yves']],
    [['residents'], ['Ed', 'Rita']],
    [['floor-2'], ['Bernard', 'Ed', 'Paul', 'Rita', 'Yves']],
    [['unit-101'], ['Alice']],
    [['parkings'], ['Pat']],
    [['lockers'], ['Alice']],
    [
      ['unit-101', 'residents'],
      ['Alice', 'Ed', 'Rita'],
    ],
    [['all'], ['Alice', 'Bernard', 'Ed', 'Pat', 'Paul', 'Rita', 'Yves']],
  ];
  it.each(cases)(
    '%j reaches %j, as of the post date (ended links left out)',
    async (recipients, expected) => {
      const uuid = await publishPost(h, b, u.admin!, { texts: bothLanguages, recipients, sendEmail: true });
      expect(await namesOf(uuid)).toEqual(expected);
    },
  );

  it('names the units that made each person a recipient', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: bothLanguages,
      recipients: ['floor-2'],
      sendEmail: false,
    });
    const { recipients } = await deliveriesOf(h, b, u.admin!, uuid);
    expect(recipients.find((r) => r.name === 'Rita')).toMatchObject({ units: ['204'], status: null });
    expect(recipients.find((r) => r.name === 'Ed')).toMatchObject({ units: ['205'] });
  });

  it('refuses a post without recipients or without text', async () => {
    const res = await sendPostForm(h, b, u.admin!, { texts: {}, recipients: [], sendEmail: false });
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['texts.en:validation.required', 'recipients:validation.tooFewItems']);
  });
});

describe('languages', () => {
  const mailsOf = async (uuid: string) => {
    const { recipients } = await deliveriesOf(h, b, u.admin!, uuid);
    const rows = await h.platform.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.to,
          recipients.map((r) => r.email),
        ),
      );
    return rows;
  };

  it('mails each recipient in their language, else the building’s, with their name filled in', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: bothLanguages,
      recipients: ['all'],
      sendEmail: true,
    });
    const { recipients } = await deliveriesOf(h, b, u.admin!, uuid);
    const language = Object.fromEntries(recipients.map((r) => [r.name, r.language]));
    expect(language).toMatchObject({ Alice: 'en', Ed: 'en', Rita: 'fr', Bernard: 'fr', Paul: 'fr' });
    const mails = await mailsOf(uuid);
    const to = (email: string) => mails.filter((m) => m.to === email).at(-1)!;
    expect(to(u.owner!.email)).toMatchObject({ subject: 'Water shut-off' });
    expect(to(u.owner!.email).html).toContain('Dear Alice, the water is off.');
    expect(to(u.resident!.email)).toMatchObject({ subject: "Coupure d'eau" });
    expect(to(u.resident!.email).text).toContain("Bonjour Rita, l'eau sera coupée.");
    expect(to('paul@example.test').subject).toBe("Coupure d'eau");
    expect(to(u.resident!.email).fromAddress).toBe(`"Building ${b.ref}" <no-reply@copro.local>`);
  });

  it('sends a French-only post in French to everyone', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: { fr: { title: 'Avis aux résidents', body: '<p>Bonjour</p>' } },
      recipients: ['unit-101', 'unit-205'],
      sendEmail: true,
    });
    const mails = await mailsOf(uuid);
    const ours = mails.filter((m) => m.subject === 'Avis aux résidents');
    expect(ours.map((m) => m.to).sort()).toEqual([u.owner!.email, 'paul@example.test', u.ed!.email].sort());
  });
});

describe('attachments', () => {
  it('takes 10 files and mails them with the post', async () => {
    const files = Array.from({ length: 10 }, (_, i) => textFile(`notice-${i}.txt`));
    const res = await sendPostForm(
      h,
      b,
      u.admin!,
      { texts: bothLanguages, recipients: ['unit-101'], sendEmail: true },
      files,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Post;
    expect(created.attachments.map((a) => a.fileName)).toEqual(files.map((f) => f.name));
    const [mail] = await h.platform.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, u.owner!.email))
      .orderBy(outbox.createdAt);
    const last = (await h.platform.db.select().from(outbox).where(eq(outbox.to, u.owner!.email))).find(
      (m) => m.attachments.length === 10,
    );
    expect(mail).toBeDefined();
    expect(last?.attachments[0]).toMatchObject({ fileName: 'notice-0.txt', mimeType: 'text/plain' });
  });

  it('refuses an 11th file, executables, scripts and web pages', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => textFile(`n${i}.txt`));
    const tooMany = await sendPostForm(
      h,
      b,
      u.admin!,
      { texts: bothLanguages, recipients: ['all'], sendEmail: false },
      eleven,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(issueKeys(tooMany)).toEqual(['files:validation.tooManyFiles']);
    for (const file of [
      textFile('setup.exe'),
      { name: 'page.html', type: 'text/html', bytes: Buffer.from('<script>x</script>') },
      { name: 'run.txt', type: 'text/plain', bytes: Buffer.from('#!/bin/sh\nrm -rf /') },
      { name: 'report.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00') },
    ]) {
      const res = await sendPostForm(
        h,
        b,
        u.admin!,
        { texts: bothLanguages, recipients: ['all'], sendEmail: false },
        [file],
      );
      expect(res.statusCode, file.name).toBe(400);
      expect(issueKeys(res)).toEqual(['files.0:posts.validation.forbiddenFile']);
    }
  });

  it('lets only the post’s readers download its files', async () => {
    const res = await sendPostForm(
      h,
      b,
      u.admin!,
      { texts: bothLanguages, recipients: ['floor-2'], sendEmail: false },
      [textFile('plan.txt', 'the floor plan')],
    );
    const created = res.json() as Post;
    const url = `${postsPath(b)}/${created.uuid}/attachments/${created.attachments[0]!.fileId}`;
    const rita = await as(h, u.resident!).get(url);
    expect(rita.statusCode).toBe(200);
    expect(rita.body).toBe('the floor plan');
    expect(rita.headers['content-disposition']).toContain('plan.txt');
    // Alice owns 101, on floor 1: the post is not hers.
    expect((await as(h, u.owner!).get(url)).statusCode).toBe(404);
    expect((await as(h, u.handler!).get(url)).statusCode).toBe(403);
    expect((await as(h, u.admin!).get(url)).statusCode).toBe(200);
  });
});

describe('reading and roles', () => {
  let floor2: string;
  let unit101: string;
  beforeAll(async () => {
    floor2 = await publishPost(h, b, u.approver!, {
      texts: bothLanguages,
      recipients: ['floor-2'],
      sendEmail: false,
    });
    unit101 = await publishPost(h, b, u.admin!, {
      texts: bothLanguages,
      recipients: ['unit-101'],
      sendEmail: false,
    });
  });

  it('lets admins and approvers post, not handlers, accountants, owners or residents', async () => {
    for (const role of ['handler', 'accountant', 'owner', 'resident'] as const) {
      const res = await sendPostForm(h, b, u[role]!, {
        texts: bothLanguages,
        recipients: ['all'],
        sendEmail: false,
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await as(h, u.handler!).get(postsPath(b))).statusCode).toBe(403);
    expect((await as(h, u.accountant!).get(postsPath(b))).statusCode).toBe(403);
  });

  it('shows owners and residents only the posts addressed to them', async () => {
    const listOf = async (user: TestUser) => {
      const res = await as(h, user).get(`${postsPath(b)}?pageSize=200`);
      expect(res.statusCode).toBe(200);
      return (res.json() as PostPage).items.map((p) => p.uuid);
    };
    const rita = await listOf(u.resident!);
    expect(rita).toContain(floor2);
    expect(rita).not.toContain(unit101);
    const alice = await listOf(u.owner!);
    expect(alice).toContain(unit101);
    expect(alice).not.toContain(floor2);
    expect(await listOf(u.admin!)).toEqual(expect.arrayContaining([floor2, unit101]));
    expect((await as(h, u.owner!).get(`${postsPath(b)}/${floor2}`)).statusCode).toBe(404);
    expect((await as(h, u.resident!).get(`${postsPath(b)}/${floor2}`)).statusCode).toBe(200);
    expect((await as(h, u.resident!).get(`${postsPath(b)}/${floor2}/deliveries`)).statusCode).toBe(403);
  });

  it('lists the last 12 months unless show=all, and searches titles', async () => {
    const old = await publishPost(h, b, u.admin!, {
      texts: { en: { title: 'Old elevator notice', body: '<p>x</p>' } },
      recipients: ['all'],
      sendEmail: false,
      date: '2025-11-25',
    });
    const ids = async (query: string) =>
      ((await as(h, u.admin!).get(`${postsPath(b)}?pageSize=200${query}`)).json() as PostPage).items.map(
        (p) => p.uuid,
      );
    expect(await ids('')).not.toContain(old);
    expect(await ids('&show=all')).toContain(old);
    expect(await ids('&show=all&q=ELEVATOR')).toEqual([old]);
  });

  it('sanitizes the body: scripts and event attributes removed', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: {
        en: {
          title: 'Clean',
          body: '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://copro.example">site</a></p><img src=x onerror=alert(1)>',
        },
      },
      recipients: ['all'],
      sendEmail: false,
    });
    const post = (await as(h, u.admin!).get(`${postsPath(b)}/${uuid}`)).json() as Post;
    expect(post.texts.en!.body).toBe(
      '<p>Hi <strong>all</strong> <a target="_blank" rel="noopener noreferrer">x</a> <a href="https://copro.example" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it('deletes a post, logged, and its readers lose it', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: bothLanguages,
      recipients: ['floor-2'],
      sendEmail: false,
    });
    expect((await as(h, u.resident!).delete(`${postsPath(b)}/${uuid}`)).statusCode).toBe(403);
    expect((await as(h, u.admin!).delete(`${postsPath(b)}/${uuid}`)).statusCode).toBe(204);
    expect((await as(h, u.resident!).get(`${postsPath(b)}/${uuid}`)).statusCode).toBe(404);
    const logs = await h.platform.db
      .select({ event: activityLog.event })
      .from(activityLog)
      .where(
        and(eq(activityLog.buildingId, b.id), inArray(activityLog.event, ['postCreated', 'postDeleted'])),
      );
    expect(logs.map((l) => l.event)).toEqual(expect.arrayContaining(['postCreated', 'postDeleted']));
  });
});

describe('delivery statuses without SMTP', () => {
  it('leaves mails pending, and a building that sends no emails records them blocked', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: bothLanguages,
      recipients: ['unit-204'],
      sendEmail: true,
    });
    const pending = await deliveriesOf(h, b, u.admin!, uuid);
    expect(pending.recipients.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(pending.counts.pending).toBe(3);

    const quiet = await createBuildingFixture(h, { sendNoEmails: true });
    await grantBuildingRole(h, quiet, u.admin!, 'admin');
    await smallRegistry(h, quiet, { alice: 'a@example.test', rita: 'r@example.test', ed: 'e@example.test' });
    const before = (await h.platform.db.select({ id: outbox.id }).from(outbox)).length;
    const blocked = await publishPost(h, quiet, u.admin!, {
      texts: bothLanguages,
      recipients: ['all'],
      sendEmail: true,
    });
    const view = await deliveriesOf(h, quiet, u.admin!, blocked);
    expect(new Set(view.recipients.map((r) => r.status))).toEqual(new Set(['blocked']));
    expect(view.counts.blocked).toBe(7);
    expect((await h.platform.db.select({ id: outbox.id }).from(outbox)).length).toBe(before);
  });

  it('refuses to resend a post that was not emailed', async () => {
    const uuid = await publishPost(h, b, u.admin!, {
      texts: bothLanguages,
      recipients: ['all'],
      sendEmail: false,
    });
    const res = await as(h, u.admin!).post(`${postsPath(b)}/${uuid}/resend`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('postNotEmailed');
  });
});

describe('templates', () => {
  const template = (name: string) => ({
    name,
    texts: { fr: { title: 'Ramonage', body: '<p>Le ramoneur passe <script>x</script>lundi.</p>' } },
    sendEmail: true,
    recipients: ['owners'],
  });

  it('keeps building templates and offers the group’s beside them', async () => {
    const own = await as(h, u.approver!).post(`/api/buildings/${b.ref}/post-templates`, template('Chimney'));
    expect(own.statusCode, own.body).toBe(201);
    expect((own.json() as PostTemplate).texts.fr!.body).toBe('<p>Le ramoneur passe lundi.</p>');
    const groupBase = `/api/building-groups/${b.buildingGroupId}/post-templates`;
    const shared = await as(h, u.groupAdmin!).post(groupBase, template('Group chimney'));
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await as(h, u.groupAccountant!).post(groupBase, template('No'))).statusCode).toBe(403);
    expect(
      (await as(h, u.handler!).post(`/api/buildings/${b.ref}/post-templates`, template('No'))).statusCode,
    ).toBe(403);

    const offered = (
      await as(h, u.admin!).get(`/api/buildings/${b.ref}/post-templates`)
    ).json() as PostTemplate[];
    expect(offered.map((t) => [t.name, t.scope])).toEqual([
      ['Chimney', 'building'],
      ['Group chimney', 'group'],
    ]);

    const uuid = (shared.json() as PostTemplate).uuid;
    const edited = await as(h, u.groupAdmin!).put(`${groupBase}/${uuid}`, template('Group sweep'));
    expect((edited.json() as PostTemplate).name).toBe('Group sweep');
    expect((await as(h, u.groupAdmin!).delete(`${groupBase}/${uuid}`)).statusCode).toBe(204);
    expect(((await as(h, u.groupAdmin!).get(groupBase)).json() as PostTemplate[]).length).toBe(0);
    const logs = await h.platform.db
      .select({ event: activityLog.event })
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, b.id), eq(activityLog.indexes, [uuid])));
    expect(logs.map((l) => l.event).sort()).toEqual([
      'postTemplateCreated',
      'postTemplateDeleted',
      'postTemplateEdited',
    ]);
  });
});
