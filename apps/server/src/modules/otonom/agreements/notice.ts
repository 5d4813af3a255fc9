import {
  buildingToday,
  dayOfMonthText,
  firstDebitDate,
  longDate,
  translate,
  type Language,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { AgreementNotice, LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { escapeHtml } from '../../../platform/mail';
import { personRecipients, type RecordRow } from '../../registry';
import { buildingRow, otonomContext, type OtonomContext, type OtonomServices } from '../context';
import { saveAgreement } from './agreement-store';
import { accountText, agreementTerms, amountText, type AgreementTerms } from './agreement-terms';
import { payorLinks } from './unit-records';

/**
 * Payments Canada Rule H1: the payor gets a written notice of the amount and date of the first
 * debit at least 10 days before it, and again when the date changes. Here it is an email to each
 * of the unit's owners, at every address of theirs, in their own language (else the building's);
 * the agreement keeps when it went, to whom, and the first debit it announced, which no debit may
 * come before (`firstDebitOn`).
 */

type NoticeKind = 'start' | 'change';

const unitLabel = (unit: RecordRow): string => unit.number ?? unit.uuid;

function noticeMail(
  language: Language,
  kind: NoticeKind,
  terms: AgreementTerms,
  firstDebitOn: string,
  name: string,
): { subject: string; text: string; html: string } {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const params = {
    payee: terms.payee,
    unit: terms.unitNumber,
    date: longDate(firstDebitOn, language),
    day: terms.paymentDay === null ? '' : dayOfMonthText(terms.paymentDay, language),
    amount: amountText(terms, language),
    account: terms.account ? accountText(terms.account, language) : '',
  };
  const paragraphs = [
    t('mail.greeting', { name }),
    t(`padAgreement.notice.intro.${kind}`, params),
    t('padAgreement.notice.details', params),
    t('padAgreement.notice.rights', params),
    t('mail.signoff'),
  ];
  return {
    subject: t('padAgreement.notice.subject', params),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join(''),
  };
}

/** Mails the notice to the unit's owners and keeps it on the agreement; answers it. Logged. */
async function sendNotice(
  tx: DbOrTx,
  ctx: OtonomContext,
  unit: RecordRow,
  kind: NoticeKind,
): Promise<AgreementNotice> {
  const paymentDay = unit.data.paymentDay;
  // The unit's schema wants a payment day whenever automatic payment is on.
  if (typeof paymentDay !== 'number') throw new Error('automatic payment without a payment day');
  const terms = await agreementTerms(tx, ctx.building, unit);
  const firstDebitOn = firstDebitDate(buildingToday(ctx.building, ctx.now), paymentDay);
  const scope = { buildingId: unit.buildingId, fiscalYear: unit.fiscalYear };
  const owners = payorLinks(unit.data).map((link) => link.personUuid);
  // The gate refused automatic payment to a building that sends no emails.
  const recipients = ctx.building.sendNoEmails
    ? []
    : await personRecipients(tx, scope, owners, ctx.building.locale);
  for (const { email, language, name } of recipients) {
    await ctx.mailer.queue(tx, { to: email, ...noticeMail(language, kind, terms, firstDebitOn, name) });
  }
  const notice: AgreementNotice = {
    sentAt: ctx.now.toISOString(),
    recipients: recipients.map((r) => r.email),
    firstDebitOn,
  };
  await saveAgreement(tx, unit.buildingId, unit.uuid, { notice });
  await writeLog(tx, {
    buildingId: unit.buildingId,
    event: 'padNoticeSent',
    source: ctx.source,
    message: `Pre-authorized debit notice for unit ${unitLabel(unit)} sent to ${notice.recipients.length} address(es); first debit on ${firstDebitOn}`,
    metadata: { unitUuid: unit.uuid, kind, recipients: notice.recipients, firstDebitOn },
    indexes: [unit.uuid],
  });
  return notice;
}

/**
 * A unit's automatic payment was switched on (the registry's gate let it): the written notice
 * goes, and the change is logged "unit automated payment added".
 */
async function automaticPaymentStarted(
  tx: DbOrTx,
  ctx: OtonomContext,
  unit: RecordRow,
): Promise<AgreementNotice> {
  const notice = await sendNotice(tx, ctx, unit, 'start');
  await writeLog(tx, {
    buildingId: unit.buildingId,
    event: 'unitAutomatedPaymentAdded',
    source: ctx.source,
    message: `Automatic payment of unit ${unitLabel(unit)} switched on; first debit on ${notice.firstDebitOn}`,
    metadata: { unitUuid: unit.uuid, fiscalYear: unit.fiscalYear, paymentDay: unit.data.paymentDay },
    indexes: [unit.uuid],
  });
  return notice;
}

/** A unit's automatic payment was switched off: logged "unit automated payment removed". */
async function automaticPaymentStopped(tx: DbOrTx, source: LogSource, unit: RecordRow): Promise<void> {
  await writeLog(tx, {
    buildingId: unit.buildingId,
    event: 'unitAutomatedPaymentRemoved',
    source,
    message: `Automatic payment of unit ${unitLabel(unit)} switched off`,
    metadata: { unitUuid: unit.uuid, fiscalYear: unit.fiscalYear },
    indexes: [unit.uuid],
  });
}

const isOn = (row: RecordRow): boolean => row.data.automaticPayment === true;

/**
 * The registry's hook after a unit's edit: switched on, the notice goes and it is logged; switched
 * off, it is logged; still on with another payment day, a new notice announces the new date
 * (Rule H1: a change of date is notified like the first debit).
 */
export async function automaticPaymentEdited(
  tx: DbOrTx,
  source: LogSource,
  before: RecordRow,
  after: RecordRow,
  effects: OtonomServices | undefined,
): Promise<void> {
  if (isOn(before) && !isOn(after)) return automaticPaymentStopped(tx, source, after);
  const started = !isOn(before) && isOn(after);
  const moved = isOn(before) && isOn(after) && before.data.paymentDay !== after.data.paymentDay;
  if (!started && !moved) return;
  if (!effects) throw new Error('a unit switched to automatic payment needs a mailer for its notice');
  const ctx = otonomContext(source, await buildingRow(tx, after.buildingId), effects);
  if (started) await automaticPaymentStarted(tx, ctx, after);
  else await sendNotice(tx, ctx, after, 'change');
}
