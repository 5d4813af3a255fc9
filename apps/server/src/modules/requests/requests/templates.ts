import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  missingFields,
  renderMergeFields,
  requestEmailTemplateInputSchema,
  translate,
  unknownTagIndexes,
  type MergeValues,
  type RenderedRequestTemplate,
  type RequestEmailTemplate,
  type RequestEmailTemplateInput,
} from '@copro/domain';
import type { DbOrTx, Tx } from '../../../db/client';
import { requestEmailTemplate } from '../../../db/schema/index';
import { changesBetween } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { sanitizeRichText } from '../../../platform/rich-text';
import { publishTemplates } from './live';
import { keeperColumns, keptBy, offeredIn, type KeeperScope } from './scope';
import { logInEachBuilding } from '../../../platform/keepers';
import { tagRowsOf, type Writer } from './tags';

/**
 * Request email templates (SPEC 3 "Email template"): a name, a subject, a rich-text body with merge
 * fields and the tags it suits. The body is sanitized on the way in to what the rich-text editor
 * makes (`sanitizeRichText`), so a reply built from it carries no script or style.
 */

type TemplateRow = typeof requestEmailTemplate.$inferSelect;

const viewOf = (r: TemplateRow): RequestEmailTemplate => ({
  uuid: r.uuid,
  name: r.name,
  subject: r.subject,
  body: r.body,
  tags: r.tags,
  scope: r.buildingId ? 'building' : 'group',
});

/** The templates offered in the scope (a building's own and its group's), by name. */
export async function listTemplates(db: DbOrTx, scope: KeeperScope): Promise<RequestEmailTemplate[]> {
  const rows = await db
    .select()
    .from(requestEmailTemplate)
    .where(offeredIn(scope, requestEmailTemplate))
    .orderBy(asc(requestEmailTemplate.name), asc(requestEmailTemplate.uuid));
  return rows.map(viewOf);
}

/** The template's input, checked: its tags are offered where it is kept. */
async function checked(db: DbOrTx, scope: KeeperScope, body: RequestEmailTemplateInput) {
  const input = requestEmailTemplateInputSchema.parse(body);
  const known = new Set((await tagRowsOf(db, scope)).map((t) => t.uuid));
  const bad = unknownTagIndexes(input.tags, known);
  if (bad.length > 0)
    throw new AppError(
      'validation',
      bad.map((i) => ({ path: ['tags', i], key: 'requests.validation.unknownTag' })),
    );
  return { ...input, body: sanitizeRichText(input.body) };
}

async function templateOrNotFound(db: DbOrTx, scope: KeeperScope, uuid: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(requestEmailTemplate)
    .where(and(keptBy(scope, requestEmailTemplate), eq(requestEmailTemplate.uuid, uuid)));
  if (!row) throw new AppError('notFound');
  return row;
}

export async function createTemplate(
  tx: Tx,
  scope: KeeperScope,
  by: Writer,
  body: RequestEmailTemplateInput,
): Promise<RequestEmailTemplate> {
  const input = await checked(tx, scope, body);
  const uuid = randomUUID();
  const [row] = await tx
    .insert(requestEmailTemplate)
    .values({ ...keeperColumns(scope), uuid, ...input })
    .returning();
  const buildings = await logInEachBuilding(tx, scope, {
    event: 'emailTemplateCreated',
    source: by.source,
    message: translate(by.language, 'requests.log.templateCreated', { name: input.name }),
    metadata: { templateUuid: uuid, name: input.name },
    indexes: [uuid],
  });
  await publishTemplates(tx, buildings, [uuid]);
  return viewOf(row!);
}

export async function editTemplate(
  tx: Tx,
  scope: KeeperScope,
  by: Writer,
  uuid: string,
  body: RequestEmailTemplateInput,
): Promise<RequestEmailTemplate> {
  const before = await templateOrNotFound(tx, scope, uuid);
  const input = await checked(tx, scope, body);
  const [row] = await tx
    .update(requestEmailTemplate)
    .set(input)
    .where(eq(requestEmailTemplate.uuid, uuid))
    .returning();
  const buildings = await logInEachBuilding(tx, scope, {
    event: 'emailTemplateEdited',
    source: by.source,
    message: translate(by.language, 'requests.log.templateEdited', { name: input.name }),
    metadata: { templateUuid: uuid, name: input.name },
    indexes: [uuid],
    changes: changesBetween(before, input),
  });
  await publishTemplates(tx, buildings, [uuid]);
  return viewOf(row!);
}

export async function deleteTemplate(tx: Tx, scope: KeeperScope, by: Writer, uuid: string): Promise<void> {
  const before = await templateOrNotFound(tx, scope, uuid);
  await tx.delete(requestEmailTemplate).where(eq(requestEmailTemplate.uuid, uuid));
  const buildings = await logInEachBuilding(tx, scope, {
    event: 'emailTemplateDeleted',
    source: by.source,
    message: translate(by.language, 'requests.log.templateDeleted', { name: before.name }),
    metadata: { templateUuid: uuid, name: before.name },
    indexes: [uuid],
  });
  await publishTemplates(tx, buildings, [uuid]);
}

/** A template offered in the building, filled with `values` (the subject as text, the body as HTML). */
export async function renderTemplate(
  db: DbOrTx,
  scope: KeeperScope,
  uuid: string,
  values: MergeValues,
): Promise<RenderedRequestTemplate> {
  const [row] = await db
    .select()
    .from(requestEmailTemplate)
    .where(and(offeredIn(scope, requestEmailTemplate), eq(requestEmailTemplate.uuid, uuid)));
  if (!row) throw new AppError('notFound');
  return {
    subject: renderMergeFields(row.subject, values),
    body: renderMergeFields(row.body, values, { html: true }),
    missing: [...new Set([...missingFields(row.subject, values), ...missingFields(row.body, values)])],
  };
}
