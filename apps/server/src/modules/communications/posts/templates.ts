import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { translate, type Language, type PostTemplate, type PostTemplateInput } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { groupPostTemplate, postTemplate, type LogSource } from '../../../db/schema/index';
import { changesBetween } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { buildingsReached, logInEachBuilding, type Keeper } from '../../../platform/keepers';
import { sanitizedTexts } from './posts';

/** Whose templates: a building's own, or its group's (offered to each of the group's buildings). */
export type TemplateOwner = Keeper;

export interface TemplateContext {
  owner: TemplateOwner;
  source: LogSource;
  language: Language;
}

type Row = typeof postTemplate.$inferSelect | typeof groupPostTemplate.$inferSelect;

const view = (row: Row, scope: PostTemplate['scope']): PostTemplate => ({
  uuid: row.uuid,
  scope,
  name: row.name,
  texts: row.texts,
  sendEmail: row.sendEmail,
  recipients: row.recipients,
  updatedAt: row.updatedAt.toISOString(),
});

const tableOf = (owner: TemplateOwner) => (owner.kind === 'building' ? postTemplate : groupPostTemplate);

const ownerIs = (owner: TemplateOwner) =>
  owner.kind === 'building'
    ? eq(postTemplate.buildingId, owner.buildingId)
    : eq(groupPostTemplate.buildingGroupId, owner.buildingGroupId);

const uuidIs = (owner: TemplateOwner, uuid: string) =>
  owner.kind === 'building' ? eq(postTemplate.uuid, uuid) : eq(groupPostTemplate.uuid, uuid);

async function templatesOf(db: DbOrTx, owner: TemplateOwner): Promise<PostTemplate[]> {
  const table = tableOf(owner);
  const rows: Row[] = await db.select().from(table).where(ownerIs(owner)).orderBy(asc(table.name));
  return rows.map((r) => view(r, owner.kind));
}

/** The group's templates. */
export const groupTemplates = (db: DbOrTx, buildingGroupId: string): Promise<PostTemplate[]> =>
  templatesOf(db, { kind: 'group', buildingGroupId });

/** What a building's new-post form offers: its own templates, then its group's. */
export async function buildingTemplates(
  db: DbOrTx,
  b: { id: string; buildingGroupId: string },
): Promise<PostTemplate[]> {
  return [
    ...(await templatesOf(db, { kind: 'building', buildingId: b.id })),
    ...(await groupTemplates(db, b.buildingGroupId)),
  ];
}

/** Announced to each building that offers the template. */
async function announce(tx: DbOrTx, owner: TemplateOwner, uuid: string): Promise<void> {
  for (const buildingId of await buildingsReached(tx, owner)) {
    await publish(tx, { buildingId, collection: 'postTemplates', ids: [uuid] });
  }
}

/** A group template's change is logged in each of its buildings. */
async function log(
  tx: DbOrTx,
  ctx: TemplateContext,
  entry: {
    event: 'postTemplateCreated' | 'postTemplateEdited' | 'postTemplateDeleted';
    key: string;
    name: string;
  },
  extra: { uuid: string; changes?: ReturnType<typeof changesBetween> },
): Promise<void> {
  await logInEachBuilding(tx, ctx.owner, {
    event: entry.event,
    source: ctx.source,
    message: translate(ctx.language, entry.key, { name: entry.name }),
    metadata: { templateUuid: extra.uuid, scope: ctx.owner.kind },
    indexes: [extra.uuid],
    ...(extra.changes ? { changes: extra.changes } : {}),
  });
}

export async function createTemplate(
  tx: DbOrTx,
  ctx: TemplateContext,
  input: PostTemplateInput,
): Promise<PostTemplate> {
  const uuid = randomUUID();
  const values = {
    uuid,
    name: input.name,
    texts: sanitizedTexts(input.texts),
    sendEmail: input.sendEmail,
    recipients: input.recipients,
  };
  const [row]: Row[] =
    ctx.owner.kind === 'building'
      ? await tx
          .insert(postTemplate)
          .values({ buildingId: ctx.owner.buildingId, ...values })
          .returning()
      : await tx
          .insert(groupPostTemplate)
          .values({ buildingGroupId: ctx.owner.buildingGroupId, ...values })
          .returning();
  if (!row) throw new Error('template not inserted');
  await log(
    tx,
    ctx,
    { event: 'postTemplateCreated', key: 'posts.templates.log.created', name: input.name },
    { uuid },
  );
  await announce(tx, ctx.owner, uuid);
  return view(row, ctx.owner.kind);
}

async function lockedTemplate(tx: DbOrTx, owner: TemplateOwner, uuid: string): Promise<Row> {
  const table = tableOf(owner);
  const [row]: Row[] = await tx
    .select()
    .from(table)
    .where(and(ownerIs(owner), uuidIs(owner, uuid)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

export async function editTemplate(
  tx: DbOrTx,
  ctx: TemplateContext,
  uuid: string,
  input: PostTemplateInput,
): Promise<PostTemplate> {
  const before = await lockedTemplate(tx, ctx.owner, uuid);
  const edited = {
    name: input.name,
    texts: sanitizedTexts(input.texts),
    sendEmail: input.sendEmail,
    recipients: input.recipients,
  };
  const table = tableOf(ctx.owner);
  const [row]: Row[] = await tx
    .update(table)
    .set({ ...edited, updatedAt: new Date() })
    .where(and(ownerIs(ctx.owner), uuidIs(ctx.owner, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await log(
    tx,
    ctx,
    { event: 'postTemplateEdited', key: 'posts.templates.log.edited', name: input.name },
    { uuid, changes: changesBetween(before, edited) },
  );
  await announce(tx, ctx.owner, uuid);
  return view(row, ctx.owner.kind);
}

export async function deleteTemplate(tx: DbOrTx, ctx: TemplateContext, uuid: string): Promise<void> {
  const before = await lockedTemplate(tx, ctx.owner, uuid);
  await tx.delete(tableOf(ctx.owner)).where(and(ownerIs(ctx.owner), uuidIs(ctx.owner, uuid)));
  await log(
    tx,
    ctx,
    { event: 'postTemplateDeleted', key: 'posts.templates.log.deleted', name: before.name },
    { uuid },
  );
  await announce(tx, ctx.owner, uuid);
}
