import { performance } from 'node:perf_hooks';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@copro/server/db/client';
import { building, user } from '@copro/server/db/schema/index';
import { listRecords } from '@copro/server/modules/registry/index';
import type { RunningServer } from '@copro/server/server';
import { ms, type Part } from './bench-table';

/**
 * Issue 17 "lists usable with thousands of rows": one building given 10,000 requests (tags,
 * assignees), 30,050 request emails (2,000 of them outside requests, half unknown) and 5,000
 * posts to 20 addresses each (100,000 recipients, each mailed once), written straight in SQL:
 * the services would spend minutes on what only the reads are measured for. Then each list page
 * as the web app asks for it, over HTTP: its first request, and the median and 95th percentile
 * of warm reads.
 */

/** The signed-in users the pages are read as. */
export interface CommunicationsReaders {
  /** A building admin: every request, email and post. */
  manager: string;
  /** An owner of the building, who receives one post in 20. */
  owner: string;
}

export interface PageFigures {
  what: string;
  /** The first request, on a cold cache. */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  /** What the page answered: its `total`, or how many rows it listed. */
  rows: string;
}

export interface CommunicationsFigures {
  requests: number;
  requestEmails: number;
  posts: number;
  postRecipients: number;
  seedMs: number;
  pages: PageFigures[];
}

const warmRuns = 20;
const tagCount = 8;
/** The building's addresses posts go to: each post to 20 of them in a row, so each gets one in 20. */
const addressPool = 400;
const recipientsPerPost = 20;
/** Emails the first request has besides its own three: the long conversation timed. */
const longThread = 50;

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A version 4 uuid (as the response schemas want) made from the md5 of `key`: the same key, the same uuid. */
const uuidOf = (key: SQL): SQL =>
  sql`overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;

/** `uuid[]`/`text[]` as one bound parameter. */
const arrayLiteral = (values: readonly string[]): string => `{${values.join(',')}}`;

async function usersOf(server: RunningServer, emails: Record<'admin' | 'handler' | 'owner', string>) {
  const rows = await server.platform.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, Object.values(emails)));
  const idOf = (email: string) => {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`bench communications: no user ${email}`);
    return row.id;
  };
  return { admin: idOf(emails.admin), handler: idOf(emails.handler), owner: idOf(emails.owner) };
}

/** Writes the requests, their emails and the posts; answers the uuids the pages read. */
async function seed(
  server: RunningServer,
  buildingId: string,
  units: readonly string[],
  users: { admin: string; handler: string; owner: string },
  ownerEmail: string,
  counts: { requests: number; posts: number },
) {
  const { db } = server.platform;
  // Row uuids from the run's salt and their number: the statements below find their own rows
  // among what the demo seed wrote in the building.
  const salt = crypto.randomUUID();
  const tags = Array.from({ length: tagCount }, () => crypto.randomUUID());
  const tagNames = ['Plumbing', 'Noise', 'Doors', 'Parking', 'Elevator', 'Heating', 'Garbage', 'Lighting'];
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into request_tags (building_id, uuid, name, color)
      select ${buildingId}::uuid, t.uuid, t.name, '#' || lpad(to_hex(t.n * 1999999), 6, '0')
      from unnest(${arrayLiteral(tags)}::uuid[], ${arrayLiteral(tagNames)}::text[])
        with ordinality as t(uuid, name, n)`);
    const [first] = await rowsOf<{ last: number }>(
      tx,
      sql`select coalesce(max(number), 0) as last from requests where building_id = ${buildingId}`,
    );
    const start = Number(first?.last ?? 0);
    // A request in three has two tags; one in twenty is the owner's; a third assigned to nobody.
    await tx.execute(sql`
      insert into requests (building_id, uuid, number, title, description, status, unit_uuid,
        requester_id, requester_name, requester_email, assignee_id, tags, from_email,
        created_at, updated_at, last_activity_at)
      select ${buildingId}::uuid, ${uuidOf(sql`${salt}::text || 'request' || i`)}, ${start} + i,
        (array['Water leak', 'Noise at night', 'Broken door', 'Parking spot taken', 'Elevator stuck',
          'No heating', 'Garbage room', 'Light out'])[1 + i % 8] || ' near unit ' || (100 + i % ${addressPool}),
        'Request ' || i || ': ' || repeat('what the requester wrote about the problem, when and where. ', 6),
        case when i % 10 < 3 then 'open' when i % 10 < 5 then 'underway' else 'closed' end,
        (${arrayLiteral(units)}::uuid[])[1 + i % ${Math.max(1, units.length)}],
        case when i % 20 = 0 then ${users.owner} end,
        'Requester ' || (i % ${addressPool}),
        case when i % 20 = 0 then ${ownerEmail} else 'person' || (i % ${addressPool}) || '@example.net' end,
        (array[${users.admin}::text, ${users.handler}::text, null])[1 + i % 3],
        case when i % 3 = 0
          then array[tags[1 + i % ${tagCount}], tags[1 + (i + 3) % ${tagCount}]]
          else array[tags[1 + i % ${tagCount}]] end,
        i % 4 = 0,
        now() - (${counts.requests} - i) * interval '47 minutes',
        now() - (${counts.requests} - i) * interval '47 minutes',
        now() - (${counts.requests} - i) * interval '47 minutes'
      from generate_series(1, ${counts.requests}) as i,
        (select ${arrayLiteral(tags)}::uuid[] as tags) as t`);
    await tx.execute(sql`
      insert into request_numbers (building_id, last) values (${buildingId}, ${start + counts.requests})
      on conflict (building_id) do update set last = excluded.last`);
    // Each request: the requester's email, our reply, and for four in five their answer; the
    // first request a long thread besides.
    await tx.execute(sql`
      insert into request_emails (building_id, uuid, date, folder, request_uuid, from_address, from_name,
        internal_sent_by, self, "to", subject, preview, text, html, message_id, in_reply_to, outbox_id)
      select r.building_id, gen_random_uuid(), r.created_at + k * interval '3 hours', 'request', r.uuid,
        case when k = 2 then 'bench@requests.example.net' else r.requester_email end,
        case when k = 2 then null else r.requester_name end,
        case when k = 2 then ${users.admin} end,
        k = 2,
        array[case when k = 2 then r.requester_email else 'bench@requests.example.net' end],
        case when k = 1 then r.title else 'Re: ' || r.title end,
        left(r.description, 120),
        r.description || E'\n\n' || repeat('> quoted text of the message before. ', 10 * k),
        case when k <> 2 then '<div><p>' || r.description || '</p></div>' end,
        '<' || md5(r.uuid::text || k) || '@mail.example.net>',
        case when k > 1 then '<' || md5(r.uuid::text || (k - 1)) || '@mail.example.net>' end,
        case when k = 2 then ${uuidOf(sql`'reply' || r.uuid::text`)} end
      from requests r, generate_series(1, 3) as k
      where r.building_id = ${buildingId} and r.number > ${start} and (k < 3 or (r.number - ${start}) % 5 <> 0)`);
    await tx.execute(sql`
      insert into request_emails (building_id, uuid, date, folder, request_uuid, from_address, from_name,
        self, "to", subject, preview, text, message_id)
      select r.building_id, gen_random_uuid(), r.created_at + (3 + k) * interval '1 hour', 'request', r.uuid,
        r.requester_email, r.requester_name, false, array['bench@requests.example.net'],
        'Re: ' || r.title, 'one more word on it', 'one more word on it, number ' || k,
        '<' || md5(r.uuid::text || 'long' || k) || '@mail.example.net>'
      from requests r, generate_series(1, ${longThread}) as k
      where r.building_id = ${buildingId} and r.number = ${start + 1}`);
    // Outside requests: 2,000, half from unknown senders.
    await tx.execute(sql`
      insert into request_emails (building_id, uuid, date, folder, from_address, from_name, self, "to",
        subject, preview, text, html, message_id)
      select ${buildingId}::uuid, gen_random_uuid(), now() - i * interval '37 minutes',
        case when i % 2 = 0 then 'unassigned' else 'unknown' end,
        'sender' || i || '@elsewhere.example.org', 'Sender ' || i, false, array['bench@requests.example.net'],
        'Question ' || i, 'a question about the building', repeat('a question about the building. ', 20),
        '<div><p>' || repeat('a question about the building. ', 20) || '</p></div>',
        '<loose' || i || '@elsewhere.example.org>'
      from generate_series(1, 2000) as i`);
    // The admin read every email but one in three (and half of those outside requests).
    await tx.execute(sql`
      insert into request_email_reads (building_id, email_uuid, user_id, read_at)
      select building_id, uuid, ${users.admin}, date + interval '1 hour' from request_emails
      where building_id = ${buildingId} and seq % 3 <> 0
      on conflict do nothing`);
    await tx.execute(sql`
      insert into outbox (id, "to", subject, text, html, status, delivery_status, created_at, sent_at,
        from_address, message_id)
      select outbox_id, "to"[1], subject, text, '<p>reply</p>', 'sent',
        case when seq % 50 = 0 then 'bounce' else 'delivered' end, date, date,
        from_address, message_id
      from request_emails
      where building_id = ${buildingId} and outbox_id = ${uuidOf(sql`'reply' || request_uuid::text`)}`);

    // Posts over two years, the latest first in number; each to 20 addresses of the pool in a row.
    await tx.execute(sql`
      insert into posts (building_id, uuid, date, texts, recipients, send_email, author_id, author_name,
        search_text, created_at)
      select ${buildingId}::uuid, ${uuidOf(sql`${salt}::text || 'post' || i`)}, current_date - (i * 730 / ${counts.posts}),
        jsonb_build_object(
          'en', jsonb_build_object('title', 'Notice ' || i || ': ' || s.subject,
            'body', '<p>' || repeat('What the board tells the building this week. ', 12) || '</p>'),
          'fr', jsonb_build_object('title', 'Avis ' || i || ' : ' || s.sujet,
            'body', '<p>' || repeat('Ce que le conseil annonce à l''immeuble cette semaine. ', 12) || '</p>')),
        array['floor-' || (i % 8)], true, ${users.admin}, 'Alice Admin',
        lower('Notice ' || i || ': ' || s.subject || ' Avis ' || i || ' : ' || s.sujet),
        now() - i * interval '3 hours'
      from generate_series(1, ${counts.posts}) as i,
        lateral (select (array['Water shut-off', 'Window cleaning', 'Fire drill', 'Garage sweeping'])[1 + i % 4]
          as subject, (array['Coupure d''eau', 'Lavage des vitres', 'Exercice d''incendie', 'Balayage du garage'])[1 + i % 4]
          as sujet) as s`);
    await tx.execute(sql`
      insert into post_recipients (building_id, post_uuid, email, person_uuid, name, language, units)
      select ${buildingId}::uuid, ${uuidOf(sql`${salt}::text || 'post' || i`)}, a.email, ${uuidOf(sql`'person' || a.n`)},
        'Person ' || a.n, case when a.n % 3 = 0 then 'en' else 'fr' end, array[(100 + a.n)::text]
      from generate_series(1, ${counts.posts}) as i,
        generate_series(0, ${recipientsPerPost - 1}) as k,
        lateral (select (i * 7 + k) % ${addressPool} as n) as n,
        lateral (select n.n, case when n.n = 0 then ${ownerEmail}
          else 'person' || n.n || '@example.net' end as email) as a`);
    await tx.execute(sql`
      insert into post_deliveries (building_id, post_uuid, email, attempt, outbox_id, created_at)
      select r.building_id, r.post_uuid, r.email, 1, ${uuidOf(sql`'post' || r.post_uuid::text || r.email`)}, now()
      from post_recipients r, generate_series(1, ${counts.posts}) as i
      where r.building_id = ${buildingId} and r.post_uuid = ${uuidOf(sql`${salt}::text || 'post' || i`)}`);
    await tx.execute(sql`
      insert into outbox (id, "to", subject, text, html, status, delivery_status, error, created_at, sent_at)
      select d.outbox_id, d.email, 'Notice', 'What the board tells the building this week.',
        '<p>What the board tells the building this week.</p>', 'sent',
        (array['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'processed',
          'deferred', 'bounce', 'dropped'])[1 + abs(hashtext(d.email || d.post_uuid::text)) % 10],
        null, d.created_at, d.created_at
      from post_deliveries d
      where d.building_id = ${buildingId} and d.outbox_id = ${uuidOf(sql`'post' || d.post_uuid::text || d.email`)}`);
  });
  // What autovacuum would do on PostgreSQL soon after; the embedded database analyzes only when it opens.
  await db.execute(
    sql`analyze requests, request_tags, request_emails, request_email_reads, posts, post_recipients, post_deliveries, outbox`,
  );
  const [row] = await rowsOf<{ tag: string; long: string; typical: string; post: string }>(
    db,
    sql`
    select ${tags[1]}::text as tag,
      ${uuidOf(sql`${salt}::text || 'request' || 1`)}::text as long,
      ${uuidOf(sql`${salt}::text || 'request' || ${Math.floor(counts.requests / 2) + 1}`)}::text as typical,
      ${uuidOf(sql`${salt}::text || 'post' || 1`)}::text as post`,
  );
  const [totals] = await rowsOf<{ emails: number; recipients: number }>(
    db,
    sql`
    select (select count(*)::int from request_emails where building_id = ${buildingId}) as emails,
      (select count(*)::int from post_recipients where building_id = ${buildingId}) as recipients`,
  );
  if (!row || !totals) throw new Error('bench communications: nothing seeded');
  return { ...row, emails: Number(totals.emails), recipients: Number(totals.recipients) };
}

/** A page read once cold and `warmRuns` times warm; `rows` tells what it answered. */
async function timePage(
  what: string,
  url: string,
  cookie: string,
  rows: (body: unknown) => string,
): Promise<PageFigures> {
  const read = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const text = await res.text();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${what}: ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    return { elapsed, body: JSON.parse(text) as unknown };
  };
  const first = await read();
  const warm: number[] = [];
  for (let i = 0; i < warmRuns; i += 1) warm.push((await read()).elapsed);
  warm.sort((a, b) => a - b);
  return {
    what,
    firstMs: first.elapsed,
    p50Ms: quantile(warm, 0.5),
    p95Ms: quantile(warm, 0.95),
    rows: rows(first.body),
  };
}

const totalOf = (body: unknown) => {
  const { items, total } = body as { items: unknown[]; total: number };
  return `${items.length} of ${total.toLocaleString('en-US')}`;
};
const itemsOf = (body: unknown) => `${(body as { items: unknown[] }).items.length} emails`;
const countsOf = (body: unknown) => {
  const c = body as { openRequests: string | number; unreadUnassignedEmails: string | number };
  return `${c.openRequests} open, ${c.unreadUnassignedEmails} unread`;
};
const recipientsOf = (body: unknown) => `${(body as { recipients: unknown[] }).recipients.length} recipients`;

export async function benchCommunications(
  server: RunningServer,
  buildingRef: string,
  readers: CommunicationsReaders,
  emails: { admin: string; handler: string; owner: string },
  counts = { requests: 10_000, posts: 5_000 },
): Promise<CommunicationsFigures> {
  const { platform, address } = server;
  const [b] = await platform.db.select().from(building).where(eq(building.ref, buildingRef));
  if (!b) throw new Error(`no building ${buildingRef}`);
  const scope = { buildingId: b.id, fiscalYear: `${new Date().getUTCFullYear()}-01-01` };
  const units = (await listRecords(platform.db, scope, 'units')).map((u) => u.uuid);
  const users = await usersOf(server, emails);
  const s0 = performance.now();
  const seeded = await seed(server, b.id, units, users, emails.owner, counts);
  const seedMs = performance.now() - s0;
  const api = `${address}/api/buildings/${buildingRef}`;
  const { manager, owner } = readers;
  const pages: PageFigures[] = [];
  const page = async (what: string, path: string, cookie: string, rows: (body: unknown) => string) =>
    pages.push(await timePage(what, `${api}${path}`, cookie, rows));
  await page('requests, first page (50)', '/requests', manager, totalOf);
  await page('requests, open with a tag', `/requests?status=open&tag=${seeded.tag}`, manager, totalOf);
  await page('requests, search `q=leak`', '/requests?q=leak', manager, totalOf);
  await page('requests, page 400 of 25', '/requests?page=400&pageSize=25', manager, totalOf);
  await page('badge counts, admin', '/requests/counts', manager, countsOf);
  await page('badge counts, owner', '/requests/counts', owner, countsOf);
  await page('emails, unknown folder', '/request-emails?folder=unknown', manager, totalOf);
  await page('emails, unassigned folder', '/request-emails?folder=unassigned', manager, totalOf);
  await page(
    `conversation of a request (${longThread + 3} emails)`,
    `/requests/${seeded.long}/emails`,
    manager,
    itemsOf,
  );
  await page('conversation of a request (3 emails)', `/requests/${seeded.typical}/emails`, manager, itemsOf);
  await page('posts, first page, admin', '/posts', manager, totalOf);
  await page('posts, first page, owner', '/posts', owner, totalOf);
  await page('posts, all years, owner', '/posts?show=all', owner, totalOf);
  await page('posts, search `q=fire`, admin', '/posts?q=fire', manager, totalOf);
  await page(`a post's deliveries`, `/posts/${seeded.post}/deliveries`, manager, recipientsOf);
  return {
    requests: counts.requests,
    requestEmails: seeded.emails,
    posts: counts.posts,
    postRecipients: seeded.recipients,
    seedMs,
    pages,
  };
}

/** Slowest warm median of the pages: what the target (~100 ms a page on PostgreSQL) is held to. */
export const slowestPage = (f: CommunicationsFigures): PageFigures =>
  f.pages.reduce((a, b) => (b.p50Ms > a.p50Ms ? b : a));

/**
 * The pages as one Markdown table, a column for each database: the warm median, then (p95,
 * first request); and what each page answered.
 */
export function communicationsLines(runs: { label: string; part: Part<CommunicationsFigures> }[]): string[] {
  const measured = runs.flatMap((r) => ('figures' in r.part ? [{ label: r.label, f: r.part.figures }] : []));
  const lines: string[] = [];
  for (const r of runs)
    if ('notMeasured' in r.part) lines.push(`${r.label}: not measured: ${r.part.notMeasured}`);
  for (const { label, f } of measured)
    lines.push(
      `${label}: ${f.requests.toLocaleString('en-US')} requests, ${f.requestEmails.toLocaleString('en-US')} request emails, ${f.posts.toLocaleString('en-US')} posts, ${f.postRecipients.toLocaleString('en-US')} recipients written in ${(f.seedMs / 1000).toFixed(1)} s`,
    );
  if (measured.length === 0) return lines;
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  lines.push(
    '',
    `| page | ${measured.map((m) => `${cell(m.label)}: median (p95, first)`).join(' | ')} | answered |`,
    `|---|${measured.map(() => '---|').join('')}---|`,
  );
  const [reference] = measured;
  reference!.f.pages.forEach((p, i) => {
    const figures = measured.map(({ f }) => {
      const q = f.pages[i]!;
      return `${ms(q.p50Ms)} (${ms(q.p95Ms)}, ${ms(q.firstMs)})`;
    });
    lines.push(`| ${cell(p.what)} | ${figures.join(' | ')} | ${cell(p.rows)} |`);
  });
  return lines;
}
