import { eq, inArray } from 'drizzle-orm';
import { formatMoney, languageOf, translate, type Language } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { user, type LogSource } from '../../../db/schema/index';
import { escapeHtml } from '../../../platform/mail';
import { usersWithRoles } from '../../../platform/recipients';
import type { PayablesContext } from '../context';

/** What the mails of a payment say about it. */
export interface PaymentAbout {
  fiscalYear: string;
  supplierName: string;
  /** Out of the bank. */
  amount: number;
  date: string;
  invoiceNumbers: readonly string[];
}

type Params = Record<string, string>;

/** The approvals page of the payment's year, where approvers decide and managers read the notes. */
const approvalsLink = (ctx: PayablesContext, publicUrl: string, fiscalYear: string): string =>
  `${publicUrl}/building/${ctx.building.ref}/${fiscalYear}/payments/approval`;

/** A greeting, the message, an optional quoted note, the link and the sign-off, in `language`. */
function paymentMail(
  language: Language,
  to: { email: string; name: string },
  key: string,
  params: Params,
  url: string,
  note?: string,
) {
  const t = (k: string, p?: Params) => translate(language, k, p);
  const greeting = to.name ? t('mail.greeting', { name: to.name }) : t('payables.payments.mail.greeting');
  const body = t(`${key}.body`, params);
  const quoted = note ? t('payables.payments.mail.note', { note }) : null;
  const link = t('mail.link', { action: t(`${key}.action`), url });
  const signoff = t('mail.signoff');
  const paragraphs = [greeting, body, ...(quoted ? [quoted] : []), link, signoff];
  return {
    to: to.email,
    subject: t(`${key}.subject`, params),
    text: paragraphs.join('\n\n'),
    html: [greeting, body, ...(quoted ? [quoted] : [])]
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .concat(
        `<p><a href="${escapeHtml(url)}">${escapeHtml(t(`${key}.action`))}</a></p>`,
        `<p>${escapeHtml(signoff)}</p>`,
      )
      .join(''),
  };
}

const paramsFor = (ctx: PayablesContext, about: PaymentAbout, language: Language): Params => ({
  building: ctx.building.name,
  supplier: about.supplierName,
  amount: formatMoney(about.amount, ctx.building.currency, language),
  date: about.date,
  invoices: about.invoiceNumbers.join(', '),
});

/**
 * DOMAIN 7: a payment waiting for approval mails every approver of the building (roles approver
 * and approverWrite, their own or their group's; not banned, not disabled), each in their own
 * language, else the building's. None when the building sends no emails. Answers the addresses.
 */
export async function mailApprovers(
  tx: DbOrTx,
  ctx: PayablesContext,
  publicUrl: string,
  about: PaymentAbout,
): Promise<string[]> {
  if (ctx.building.sendNoEmails) return [];
  const recipients = await usersWithRoles(tx, ctx.building, ['approver', 'approverWrite']);
  if (recipients.length === 0) return [];
  const names = new Map(
    (
      await tx
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(
          inArray(
            user.email,
            recipients.map((r) => r.email),
          ),
        )
    ).map((u) => [u.email.toLowerCase(), u.name]),
  );
  const url = approvalsLink(ctx, publicUrl, about.fiscalYear);
  for (const r of recipients) {
    await ctx.mailer.queue(
      tx,
      paymentMail(
        r.language,
        { email: r.email, name: names.get(r.email) ?? '' },
        'payables.payments.mail.approvalRequested',
        paramsFor(ctx, about, r.language),
        url,
      ),
    );
  }
  return recipients.map((r) => r.email);
}

/**
 * Tells the payment's creator (a manager) that it was rejected, or that a note was added, in
 * their language, else the building's. Nobody is told of their own act, a creator who is no user
 * (the system) or whose account is disabled gets nothing, nor does anyone when the building sends
 * no emails. Answers the address written to.
 */
export async function mailCreator(
  tx: DbOrTx,
  ctx: PayablesContext,
  publicUrl: string,
  creator: LogSource,
  what: 'rejected' | 'noteAdded',
  about: PaymentAbout,
  note?: string,
): Promise<string | null> {
  if (ctx.building.sendNoEmails || creator.kind !== 'user' || creator.id === ctx.user?.id) return null;
  const [found] = await tx.select().from(user).where(eq(user.id, creator.id));
  if (!found || found.disabled) return null;
  const language = languageOf(found.locale ?? ctx.building.locale);
  const params = { ...paramsFor(ctx, about, language), author: ctx.source.name ?? ctx.source.email ?? '' };
  await ctx.mailer.queue(
    tx,
    paymentMail(
      language,
      { email: found.email, name: found.name },
      `payables.payments.mail.${what}`,
      params,
      approvalsLink(ctx, publicUrl, about.fiscalYear),
      note,
    ),
  );
  return found.email;
}
