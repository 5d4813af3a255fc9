import { randomUUID } from 'node:crypto';
import { limits } from '@copro/domain';
import type { DbOrTx } from '../db/client';
import { activityLog, type LogChange, type LogSource } from '../db/schema/index';

/** The registry records whose creation, edits and archiving are logged (SPEC 3). */
export type RegistryEntity = 'unit' | 'bank' | 'category' | 'supplier' | 'person' | 'parking' | 'locker';

/** SPEC 3 "Log entry" event types written so far; each module adds its own. */
export type LogEvent =
  | `${RegistryEntity}${'Created' | 'Edited' | 'Archived'}`
  | 'voteSharesChanged'
  | 'transactionAdded'
  | 'transactionCanceled'
  | 'budgetApplied'
  | 'budgetDraftSaved'
  | 'transactionCommented'
  | 'budgetUnapplied'
  | 'buildingEdited'
  | 'usersAdded'
  | 'userRoleChanged'
  | 'userRemoved'
  | 'userBanned'
  | 'userUnbanned'
  | 'invitationCancelled'
  | 'buildingGroupEdited'
  | 'fiscalYearCreated'
  | 'fiscalYearQueued'
  | 'newDeposit'
  | 'unitPaymentReversed'
  | 'unitPenaltyAdded'
  | 'penaltyCreated'
  | 'penaltyEdited'
  | 'penaltyDeleted'
  | 'peopleNotified'
  | 'unitSold'
  | 'unitAccountClosed'
  // Recorded checks wait for their deposit and may be changed until then; SPEC names no event for them.
  | 'checkRecorded'
  | 'checkEdited'
  | 'checkDeleted'
  // Money out (DOMAIN 7). SPEC names "check printed", "recurring bills added" and the bank-details
  // events; the approval steps, reprints, voids and settings are logged under names of our own.
  | 'supplierPaymentCreated'
  | 'supplierPaymentApproved'
  | 'supplierPaymentRejected'
  | 'supplierPaymentNoteAdded'
  | 'supplierPaymentCancelled'
  | 'approvalRulesEdited'
  | 'checkPrinted'
  | 'checkReprinted'
  | 'checkVoided'
  | 'checkNumberingEdited'
  | 'recurringBillsAdded'
  | 'recurringBillCreated'
  | 'recurringBillEdited'
  | 'recurringBillArchived'
  | 'billingDaysEdited'
  | 'bankAccountDetailsUploaded'
  | 'bankAccountDetailsDeleted'
  | 'bankAccountDetailsViewed'
  | 'supplierInvoiceCancelled'
  | 'billbackAdded'
  // Bank reconciliation (DOMAIN 9). SPEC names "transaction reconciled", "bank reconciliation
  // modified" and "period deleted"; a statement import is logged under a name of our own.
  | 'transactionReconciled'
  | 'bankReconciliationModified'
  | 'periodDeleted'
  | 'bankStatementImported'
  // Communications and requests (DOMAIN 11). SPEC names "post created or resent", the request
  // email, request and request tag events; templates, notes, received mails and the automatic
  // communications are logged under names of our own.
  | 'postCreated'
  | 'postResent'
  | 'postDeleted'
  | 'postTemplateCreated'
  | 'postTemplateEdited'
  | 'postTemplateDeleted'
  | 'automaticMailTemplateEdited'
  | 'automaticCommunicationsEdited'
  | 'automaticMailSent'
  | 'requestCreated'
  | 'requestEdited'
  | 'requestDeleted'
  | 'requestMerged'
  | 'requestSubmitted'
  | 'requestNoteAdded'
  | 'requestTagCreated'
  | 'requestTagUpdated'
  | 'requestTagDeleted'
  | 'emailTemplateCreated'
  | 'emailTemplateEdited'
  | 'emailTemplateDeleted'
  | 'requestEmailReceived'
  | 'requestEmailSent'
  | 'requestEmailDeleted'
  | 'requestEmailAssigned'
  | 'requestEmailArchived'
  // Pre-authorized debits (DOMAIN 8).
  | 'unitAutomatedPaymentAdded'
  | 'unitAutomatedPaymentRemoved'
  | 'padAgreementUploaded'
  | 'padAgreementDeleted'
  | 'padNoticeSent'
  | 'padAgreementFlagged'
  | 'otonomSettingsEdited'
  | 'otonomDebitsCreated'
  | 'otonomCreditsCreated'
  | 'otonomOrdersApproved'
  | 'otonomStatusChanged'
  | 'otonomFileSent'
  | 'otonomReturnsImported';

export interface LogInput {
  buildingId: string;
  event: LogEvent;
  source: LogSource;
  message: string;
  metadata?: Record<string, unknown>;
  changes?: LogChange[];
  indexes?: string[];
}

/** Must be called with the transaction that makes the change, so the log and the change commit together. */
export async function writeLog(tx: DbOrTx, entry: LogInput): Promise<void> {
  await writeLogs(tx, [entry]);
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters with a log entry's 11 columns. */
const logChunk = 2000;

/** Many entries in a few multi-row inserts: what a batch of postings writes (`postTransactions`). */
export async function writeLogs(tx: DbOrTx, entries: readonly LogInput[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < entries.length; start += logChunk) {
    await tx.insert(activityLog).values(
      entries.slice(start, start + logChunk).map((entry) => ({
        buildingId: entry.buildingId,
        id: randomUUID(),
        date: now,
        lastModified: now,
        message: entry.message.slice(0, limits.logMessage),
        indexes: entry.indexes ?? [],
        schemaVersion: 1,
        source: entry.source,
        event: entry.event,
        metadata: entry.metadata ?? {},
        changes: entry.changes ?? null,
      })),
    );
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The edited fields, with before and after, of `after` compared to `before`. */
export function changesBetween<T extends object>(before: T, after: Partial<T>): LogChange[] {
  return Object.entries(after)
    .filter(
      ([field, value]) => value !== undefined && !same((before as Record<string, unknown>)[field], value),
    )
    .map(([field, value]) => ({
      field,
      before: (before as Record<string, unknown>)[field] ?? null,
      after: value,
    }));
}

export const userSource = (user: { id: string; name: string; email: string }): LogSource => ({
  kind: 'user',
  id: user.id,
  name: user.name,
  email: user.email,
});
