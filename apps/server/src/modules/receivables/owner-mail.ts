import { mailLanguage, moneyText, translate, type Language } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { findRecords, type RecordRow } from '../registry/records';
import { personName } from '../registry/people';
import type { MoneyInContext } from './context';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface OwnerLink {
  personUuid: string;
  to?: string;
}

/** What a mail says, built in each reader's language: the amount comes formatted for them. */
export type OwnerMessage = (
  t: (key: string, params?: Record<string, string | number>) => string,
  money: (cents: number) => string,
  language: Language,
) => { subject: string; body: string };

/**
 * Mails the unit's owners on `date` (former owners, whose link ended before it, are left out),
 * each at every address of their person record and in their own language, else the building's.
 * A building that sends no emails sends none of these. Returns the addresses written to.
 */
export async function mailOwners(
  tx: DbOrTx,
  ctx: MoneyInContext,
  unit: RecordRow,
  date: string,
  message: OwnerMessage,
): Promise<string[]> {
  if (ctx.building.sendNoEmails) return [];
  const links = ((unit.data.owners as OwnerLink[] | undefined) ?? []).filter((o) => !o.to || o.to >= date);
  const people = await findRecords(
    tx,
    ctx.scope,
    'people',
    links.map((o) => o.personUuid),
  );
  const sent = new Set<string>();
  for (const person of people) {
    const language = mailLanguage(person.data.locale as string | undefined, ctx.building.locale);
    const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
    const { subject, body } = message(
      t,
      (cents) => moneyText(cents, language, ctx.building.currency),
      language,
    );
    const greeting = t('mail.greeting', { name: personName(person.data) });
    const signoff = t('mail.signoff');
    for (const email of (person.data.emails as string[] | undefined) ?? []) {
      const to = email.toLowerCase();
      if (sent.has(to)) continue;
      sent.add(to);
      await ctx.mailer.queue(tx, {
        to,
        subject,
        text: `${greeting}\n\n${body}\n\n${signoff}`,
        html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(signoff)}</p>`,
      });
    }
  }
  return [...sent];
}
