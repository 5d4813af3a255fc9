import {
  formatMoney,
  translate,
  type AutomaticMailKind,
  type Language,
  type MergeValues,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { automaticMailText } from '../communications';
import { ownerLinksOn, personRecipients } from '../registry';
import type { RecordRow } from '../registry';
import type { MoneyInContext } from './context';
import { escapeHtml } from '../../platform/mail';

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
  const owners = ownerLinksOn(unit.data, date).map((link) => link.personUuid);
  const recipients = await personRecipients(tx, ctx.scope, owners, ctx.building.locale);
  for (const { email, language, name } of recipients) {
    const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
    const { subject, body } = message(
      t,
      (cents) => formatMoney(cents, ctx.building.currency, language),
      language,
    );
    const greeting = t('mail.greeting', { name });
    const signoff = t('mail.signoff');
    await ctx.mailer.queue(tx, {
      to: email,
      subject,
      text: `${greeting}\n\n${body}\n\n${signoff}`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(signoff)}</p>`,
    });
  }
  return recipients.map((r) => r.email);
}

/**
 * Mails the unit's owners on `date` the building's text of an automatic mail (issue 17: its own,
 * else the default), as `mailOwners` does: each address once, in the owner's language, none when
 * the building sends no emails. `values` gives the mail's fields for a reader's language and money.
 */
export async function mailOwnersTemplate(
  tx: DbOrTx,
  ctx: MoneyInContext,
  unit: RecordRow,
  date: string,
  kind: AutomaticMailKind,
  values: (money: (cents: number) => string, language: Language) => MergeValues,
): Promise<string[]> {
  if (ctx.building.sendNoEmails) return [];
  const owners = ownerLinksOn(unit.data, date).map((link) => link.personUuid);
  const recipients = await personRecipients(tx, ctx.scope, owners, ctx.building.locale);
  for (const { email, language, name } of recipients) {
    const money = (cents: number) => formatMoney(cents, ctx.building.currency, language);
    const mail = await automaticMailText(tx, {
      buildingId: ctx.scope.buildingId,
      kind,
      language,
      values: { recipientName: name, ...values(money, language) },
    });
    await ctx.mailer.queue(tx, { to: email, ...mail });
  }
  return recipients.map((r) => r.email);
}
