/**
 * The automatic mails of Copro (issue 17 "Templates"): the mails the app sends on its own, each an
 * editable template of a building. A kind's default text is its catalog entry
 * (`automaticMails.defaults.<kind>.subject|body`), written with merge fields (`merge-fields.ts`);
 * a building may replace the subject and body per language, and a reset brings the default back.
 *
 * `fields` are what the code sending the kind gives: the template editor offers them, and a field
 * a template names that the mail does not give stays visible as `{{name}}` (never a silent blank).
 */

/** The automatic communications (DOMAIN 11): reminders the daily job sends to a unit's owners. */
export const reminderKinds = [
  'insuranceExpiring',
  'insuranceProofMissing',
  'waterHeaterWarranty',
  'waterHeaterLife',
  'waterHeaterIncomplete',
  'ownerDataMissing',
] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** The mails that existed before templates: receivables' check received, arrears, statements. */
export const receivablesMailKinds = [
  'checkSaved',
  'arrearsReminder1',
  'arrearsReminder2',
  'arrearsReminder3',
  'arrearsAlert',
  'statement',
] as const;

export const automaticMailKinds = [...receivablesMailKinds, ...reminderKinds] as const;
export type AutomaticMailKind = (typeof automaticMailKinds)[number];

export const isReminderKind = (kind: string): kind is ReminderKind =>
  (reminderKinds as readonly string[]).includes(kind);

const reminderFields = ['recipientName', 'ownerName', 'buildingName', 'unitNumber', 'link'] as const;

/** The merge fields each kind's sender gives. */
export const automaticMailFields: Record<AutomaticMailKind, readonly string[]> = {
  checkSaved: ['recipientName', 'buildingName', 'unitNumber', 'checkNumber', 'amount'],
  arrearsReminder1: ['recipientName', 'buildingName', 'unitNumber', 'amount', 'link'],
  arrearsReminder2: ['recipientName', 'buildingName', 'unitNumber', 'amount', 'link'],
  arrearsReminder3: ['recipientName', 'buildingName', 'unitNumber', 'amount', 'link'],
  // Goes to the building's alert roles, not to owners: it speaks of the unit's arrears.
  arrearsAlert: ['buildingName', 'unitNumber', 'amount', 'months', 'since', 'threshold', 'link'],
  // The statement's table, balance and link follow the body: the template is its subject and opening.
  statement: ['buildingName', 'unitNumber', 'periodStart', 'periodEnd'],
  insuranceExpiring: [...reminderFields, 'insuranceEndDate', 'insuranceProvider'],
  insuranceProofMissing: [...reminderFields, 'insuranceEndDate', 'insuranceProvider'],
  waterHeaterWarranty: [...reminderFields, 'waterHeaterInstalledOn', 'waterHeaterWarrantyEnd'],
  waterHeaterLife: [...reminderFields, 'waterHeaterInstalledOn', 'waterHeaterWarrantyEnd'],
  waterHeaterIncomplete: [...reminderFields, 'waterHeaterInstalledOn', 'waterHeaterWarrantyEnd'],
  ownerDataMissing: [...reminderFields, 'missingFields'],
};

/** Who reads a kind: a unit's owners, or the building's staff (the arrears alert). */
export const automaticMailAudience = (kind: AutomaticMailKind): 'owners' | 'staff' =>
  kind === 'arrearsAlert' ? 'staff' : 'owners';

/** Longest subject and body a building may write (a subject line, a letter). */
export const automaticMailLimits = { subject: 300, body: 20_000 } as const;
