import { and, eq } from 'drizzle-orm';
import {
  automaticMailAudience,
  automaticMailFields,
  automaticMailKinds,
  catalogs,
  renderMergeFields,
  type AutomaticMailKind,
  type AutomaticMailTemplate,
  type AutomaticMailTemplateEdit,
  type Language,
  type MergeValues,
} from '@copro/domain';
import { lookup } from '@copro/domain/i18n/catalog-tree';
import type { DbOrTx } from '../../../db/client';
import { automaticMailTemplate, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { escapeHtml } from '../../../platform/mail';

const languages: readonly Language[] = ['en', 'fr'];

/** A kind's default text in a language: its catalog entry, merge fields as written. */
export function defaultText(kind: AutomaticMailKind, language: Language): { subject: string; body: string } {
  const text = (part: string) => {
    const found = lookup(catalogs[language], `automaticMails.defaults.${kind}.${part}`);
    // Every kind has both texts in both catalogs (catalogs.test.ts checks the parity).
    if (found === undefined) throw new Error(`no default ${part} for ${kind} in ${language}`);
    return found;
  };
  return { subject: text('subject'), body: text('body') };
}

/** A plain-text mail as HTML: paragraphs on blank lines, links clickable; everything escaped. */
export function mailHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
      return `<p>${escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`;
    })
    .join('');
}

async function storedText(db: DbOrTx, buildingId: string, kind: AutomaticMailKind, language: Language) {
  const [row] = await db
    .select()
    .from(automaticMailTemplate)
    .where(
      and(
        eq(automaticMailTemplate.buildingId, buildingId),
        eq(automaticMailTemplate.kind, kind),
        eq(automaticMailTemplate.language, language),
      ),
    );
  return row ?? null;
}

/** The text a building sends for `kind` in `language`: its own, else the default. */
export async function templateText(
  db: DbOrTx,
  buildingId: string,
  kind: AutomaticMailKind,
  language: Language,
): Promise<{ subject: string; body: string }> {
  const row = await storedText(db, buildingId, kind, language);
  return row ? { subject: row.subject, body: row.body } : defaultText(kind, language);
}

/** A text rendered with a mail's values: the subject and text as they are, the HTML escaped. */
export function renderText(
  template: { subject: string; body: string },
  values: MergeValues,
): { subject: string; text: string; html: string } {
  // A subject is one line whatever a value holds.
  const subject = renderMergeFields(template.subject, values).replace(/\s*[\r\n]+\s*/g, ' ');
  const text = renderMergeFields(template.body, values);
  return { subject, text, html: mailHtml(text) };
}

/**
 * What another area's automatic mail says (the check received, arrears reminders and alerts, the
 * statement's opening): the building's text of the kind in the reader's language, else its
 * default, filled with `values`.
 */
export async function automaticMailText(
  db: DbOrTx,
  input: { buildingId: string; kind: AutomaticMailKind; language: Language; values: MergeValues },
): Promise<{ subject: string; text: string; html: string }> {
  return renderText(await templateText(db, input.buildingId, input.kind, input.language), input.values);
}

/** Every kind with its texts in both languages, and which of them the building rewrote. */
export async function listTemplates(db: DbOrTx, buildingId: string): Promise<AutomaticMailTemplate[]> {
  const rows = await db
    .select()
    .from(automaticMailTemplate)
    .where(eq(automaticMailTemplate.buildingId, buildingId));
  const stored = new Map(rows.map((r) => [`${r.kind}:${r.language}`, r]));
  return automaticMailKinds.map((kind) => ({
    kind,
    fields: [...automaticMailFields[kind]],
    audience: automaticMailAudience(kind),
    texts: languages.map((language) => {
      const row = stored.get(`${kind}:${language}`);
      const fallback = defaultText(kind, language);
      return {
        language,
        subject: row?.subject ?? fallback.subject,
        body: row?.body ?? fallback.body,
        customized: row !== undefined,
        defaultSubject: fallback.subject,
        defaultBody: fallback.body,
        updatedAt: row ? row.updatedAt.toISOString() : null,
      };
    }),
  }));
}

/** One kind as `listTemplates` shows it. */
export async function templateOfKind(
  db: DbOrTx,
  buildingId: string,
  kind: AutomaticMailKind,
): Promise<AutomaticMailTemplate> {
  const found = (await listTemplates(db, buildingId)).find((t) => t.kind === kind);
  // listTemplates answers every kind.
  if (!found) throw new Error(`no template ${kind}`);
  return found;
}

const announce = (tx: DbOrTx, buildingId: string, kind: AutomaticMailKind) =>
  publish(tx, { buildingId, collection: 'automaticMails', ids: [kind] });

/** The building writes its own text of a kind in a language (logged with what changed). */
export async function saveTemplate(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  kind: AutomaticMailKind,
  language: Language,
  edit: AutomaticMailTemplateEdit,
): Promise<void> {
  const before = await templateText(tx, buildingId, kind, language);
  await tx
    .insert(automaticMailTemplate)
    .values({ buildingId, kind, language, subject: edit.subject, body: edit.body, updatedBy: source })
    .onConflictDoUpdate({
      target: [automaticMailTemplate.buildingId, automaticMailTemplate.kind, automaticMailTemplate.language],
      set: { subject: edit.subject, body: edit.body, updatedBy: source, updatedAt: new Date() },
    });
  await writeLog(tx, {
    buildingId,
    event: 'automaticMailTemplateEdited',
    source,
    message: `Automatic mail template ${kind} (${language}) edited`,
    metadata: { kind, language, reset: false },
    changes: (['subject', 'body'] as const)
      .filter((field) => before[field] !== edit[field])
      .map((field) => ({ field, before: before[field], after: edit[field] })),
  });
  await announce(tx, buildingId, kind);
}

/** Back to the default text; a kind the building never rewrote has nothing to reset. */
export async function resetTemplate(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  kind: AutomaticMailKind,
  language: Language,
): Promise<void> {
  const [removed] = await tx
    .delete(automaticMailTemplate)
    .where(
      and(
        eq(automaticMailTemplate.buildingId, buildingId),
        eq(automaticMailTemplate.kind, kind),
        eq(automaticMailTemplate.language, language),
      ),
    )
    .returning();
  if (!removed) throw new AppError('notFound');
  const fallback = defaultText(kind, language);
  await writeLog(tx, {
    buildingId,
    event: 'automaticMailTemplateEdited',
    source,
    message: `Automatic mail template ${kind} (${language}) reset to its default`,
    metadata: { kind, language, reset: true },
    changes: (['subject', 'body'] as const)
      .filter((field) => removed[field] !== fallback[field])
      .map((field) => ({ field, before: removed[field], after: fallback[field] })),
  });
  await announce(tx, buildingId, kind);
}
