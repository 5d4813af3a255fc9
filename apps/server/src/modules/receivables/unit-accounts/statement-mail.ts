import { cellText, translate, type Language, type UnitAccountView, formatMoney } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { building } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { escapeHtml, type Mail } from '../../../platform/mail';
import type { RecordRow } from '../../registry';
import { currentOwnerLinks } from './accounts';
import { statementSection, type UnitStatement } from './statement';
import { personRecipients } from '../../registry';

/**
 * A statement of account by email, in the recipient's language. The mailer sends no attachments,
 * so the statement is the mail itself: a table in the HTML part, aligned lines in the text part,
 * and a link to the unit's transactions in Copro.
 */
export function statementMail(
  language: Language,
  input: {
    to: string;
    statement: UnitStatement;
    currency: string;
    url: string;
    /** The subject and opening paragraph: the building's `statement` template (issue 17). */
    opening: { subject: string; text: string; html: string };
  },
): Mail {
  const { statement } = input;
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const section = statementSection(statement, { language, currency: input.currency });
  const headers = section.columns.map((column) => column.label);
  const rows = section.rows.map((row) => row.map(cellText));
  const { subject, text: intro } = input.opening;
  const owners = t('statements.mail.owners', {
    owners: statement.ownerNames.filter((name) => name !== '').join(', ') || t('statements.noOwner'),
  });
  const closing = t('statements.mail.closing', {
    date: statement.to,
    amount: formatMoney(statement.closingBalance, input.currency, language),
  });
  const signoff = t('mail.signoff');

  const text = [
    intro,
    owners,
    '',
    headers.join(' | '),
    ...rows.map((row) => row.join(' | ')),
    '',
    closing,
    '',
    t('statements.mail.link', { url: input.url }),
    '',
    signoff,
  ].join('\n');

  const moneyColumn = (i: number) => section.columns[i]?.kind === 'money';
  const cell = (tag: 'th' | 'td', value: string, i: number, bold: boolean) =>
    `<${tag} style="padding:4px 8px;border-bottom:1px solid #ccc;text-align:${moneyColumn(i) ? 'right' : 'left'}${bold ? ';font-weight:bold' : ''}">${escapeHtml(value)}</${tag}>`;
  const table =
    '<table style="border-collapse:collapse">' +
    `<thead><tr>${headers.map((h, i) => cell('th', h, i, true)).join('')}</tr></thead>` +
    `<tbody>${rows
      .map(
        (row, r) =>
          `<tr>${row.map((value, i) => cell('td', value, i, section.totalRows?.includes(r) ?? false)).join('')}</tr>`,
      )
      .join('')}</tbody></table>`;
  const html =
    `${input.opening.html}<p>${escapeHtml(owners)}</p>${table}` +
    `<p><strong>${escapeHtml(closing)}</strong></p>` +
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('statements.mail.linkText'))}</a></p>` +
    `<p>${escapeHtml(signoff)}</p>`;
  return { to: input.to, subject, text, html };
}

/**
 * Where a manager sends a unit's statement: every email of the account's owners, once each, in
 * the owner's language (their person's locale, else the building's). Refused when the building
 * sends no emails or the owners have none.
 */
export async function ownersToMail(
  db: DbOrTx,
  scope: YearScope,
  settings: Pick<typeof building.$inferSelect, 'locale' | 'sendNoEmails'>,
  unit: RecordRow,
  account: UnitAccountView,
): Promise<{ to: string; language: Language }[]> {
  if (settings.sendNoEmails)
    throw new AppError('validation', [{ path: [], key: 'statements.errors.emailsDisabled' }]);
  const owners = currentOwnerLinks(unit, account.from).map((link) => link.personUuid);
  const recipients = (await personRecipients(db, scope, owners, settings.locale)).map((r) => ({
    to: r.email,
    language: r.language,
  }));
  if (recipients.length === 0)
    throw new AppError('validation', [{ path: [], key: 'statements.errors.noRecipient' }]);
  return recipients;
}
