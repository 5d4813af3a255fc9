import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  bankDetailsSchema,
  type BankDetailsInput,
  type RedactedBankDetails,
  type RevealedBankDetails,
} from '@copro/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { bankDetails, fiscalYear, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { getOrCreateSecret } from '../../../platform/secrets';
import { findRecord } from '../../registry';

/**
 * DOMAIN 7, SPEC 3 "bank account details uploaded/deleted/viewed": the bank details of a supplier
 * (electronic payments) or a unit (pre-authorized debits). The full details are stored only
 * encrypted, with AES-256-GCM under the server's `bank-details-key` and a fresh IV per write,
 * bound to their building and owner (a ciphertext copied onto another owner does not decrypt).
 * What readers get is the redacted form: the account's last 3 digits; the full details come only
 * from the logged "view" of a finance writer, or from `readBankDetails` for the payment files.
 */

export type BankDetailsOwnerKind = 'supplier' | 'unit';
type BankDetailsRow = typeof bankDetails.$inferSelect;

const secretName = 'bank-details-key';
const ivLength = 12;
const tagLength = 16;

/** The key of each database, read once (tests open many databases in one process). */
const keys = new WeakMap<object, Promise<Buffer>>();

/**
 * The encryption key. From the database's own handle it is read once and kept; inside a
 * transaction it is read there (a transaction is short-lived, and on PGlite the database's own
 * handle waits for it).
 */
export function bankDetailsKey(db: DbOrTx): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    // A transaction is a database handle for every query getOrCreateSecret makes.
    key = getOrCreateSecret(db as Db, secretName).then((value) => Buffer.from(value, 'base64url'));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const aadOf = (buildingId: string, kind: BankDetailsOwnerKind, uuid: string) =>
  Buffer.from(`${buildingId}:${kind}:${uuid}`);

/** iv + tag + data, base64. */
function encrypt(key: Buffer, aad: Buffer, details: BankDetailsInput): string {
  const iv = randomBytes(ivLength);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagLength });
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(JSON.stringify(details), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function decrypt(key: Buffer, aad: Buffer, ciphertext: string): BankDetailsInput {
  const raw = Buffer.from(ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivLength), {
    authTagLength: tagLength,
  });
  decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(ivLength, ivLength + tagLength));
  const text = Buffer.concat([
    decipher.update(raw.subarray(ivLength + tagLength)),
    decipher.final(),
  ]).toString('utf8');
  return bankDetailsSchema.parse(JSON.parse(text));
}

/** The account's last 3 digits behind bullets. */
export const redactAccount = (account: string): string => `•••••${account.slice(-3)}`;

const redacted = (row: BankDetailsRow): RedactedBankDetails => ({
  institution: row.institution,
  transit: row.transit,
  redactedAccount: row.redactedAccount,
  holderName: row.holderName,
  updatedAt: row.updatedAt.toISOString(),
});

const collectionOf = { supplier: 'suppliers', unit: 'units' } as const;
const eventEntity = { supplier: 'supplier', unit: 'unit' } as const;

/**
 * The owner is a supplier or unit of the building, in any of its years (a record keeps its uuid
 * from year to year; one added to an earlier year after the rollover is only there).
 */
async function ensureOwner(db: DbOrTx, buildingId: string, kind: BankDetailsOwnerKind, uuid: string) {
  const years = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId));
  for (const { start } of years.sort((a, b) => (a.start < b.start ? 1 : -1))) {
    if (await findRecord(db, { buildingId, fiscalYear: start }, collectionOf[kind], uuid)) return;
  }
  throw new AppError('notFound');
}

const ownerIs = (buildingId: string, kind: BankDetailsOwnerKind, uuid: string) =>
  and(
    eq(bankDetails.buildingId, buildingId),
    eq(bankDetails.ownerKind, kind),
    eq(bankDetails.ownerUuid, uuid),
  );

async function storedRow(db: DbOrTx, buildingId: string, kind: BankDetailsOwnerKind, uuid: string) {
  const [row] = await db
    .select()
    .from(bankDetails)
    .where(ownerIs(buildingId, kind, uuid));
  return row ?? null;
}

export interface BankDetailsOwner {
  buildingId: string;
  kind: BankDetailsOwnerKind;
  uuid: string;
}

/** The redacted details, or null when none were uploaded. */
export async function redactedBankDetails(
  db: DbOrTx,
  owner: BankDetailsOwner,
): Promise<{ details: RedactedBankDetails | null }> {
  await ensureOwner(db, owner.buildingId, owner.kind, owner.uuid);
  const row = await storedRow(db, owner.buildingId, owner.kind, owner.uuid);
  return { details: row ? redacted(row) : null };
}

/** New details replace the stored ones; logged "bank account details uploaded" (never with the account). */
export async function uploadBankDetails(
  tx: DbOrTx,
  key: Buffer,
  owner: BankDetailsOwner,
  source: LogSource,
  input: BankDetailsInput,
): Promise<{ details: RedactedBankDetails }> {
  const { buildingId, kind, uuid } = owner;
  await ensureOwner(tx, buildingId, kind, uuid);
  const values = {
    ciphertext: encrypt(key, aadOf(buildingId, kind, uuid), input),
    institution: input.institution,
    transit: input.transit,
    redactedAccount: redactAccount(input.account),
    holderName: input.holderName,
    updatedBy: source,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(bankDetails)
    .values({ buildingId, ownerKind: kind, ownerUuid: uuid, ...values })
    .onConflictDoUpdate({
      target: [bankDetails.buildingId, bankDetails.ownerKind, bankDetails.ownerUuid],
      set: values,
    })
    .returning();
  if (!row) throw new Error('upsert returned nothing');
  await writeLog(tx, {
    buildingId,
    event: 'bankAccountDetailsUploaded',
    source,
    message: `Bank account details of ${eventEntity[kind]} ${uuid} uploaded`,
    metadata: { ownerKind: kind, ownerUuid: uuid, redactedAccount: row.redactedAccount },
  });
  return { details: redacted(row) };
}

/** The full details for a finance writer who asked to see them; the view is logged. */
export async function viewBankDetails(
  tx: DbOrTx,
  key: Buffer,
  owner: BankDetailsOwner,
  source: LogSource,
): Promise<RevealedBankDetails> {
  const { buildingId, kind, uuid } = owner;
  await ensureOwner(tx, buildingId, kind, uuid);
  const row = await storedRow(tx, buildingId, kind, uuid);
  if (!row) throw new AppError('notFound');
  const details = decrypt(key, aadOf(buildingId, kind, uuid), row.ciphertext);
  await writeLog(tx, {
    buildingId,
    event: 'bankAccountDetailsViewed',
    source,
    message: `Bank account details of ${eventEntity[kind]} ${uuid} viewed`,
    metadata: { ownerKind: kind, ownerUuid: uuid },
  });
  return { ...details, updatedAt: row.updatedAt.toISOString() };
}

/** Deleting details that are not there changes nothing and logs nothing. */
export async function deleteBankDetails(
  tx: DbOrTx,
  owner: BankDetailsOwner,
  source: LogSource,
): Promise<void> {
  const { buildingId, kind, uuid } = owner;
  await ensureOwner(tx, buildingId, kind, uuid);
  const deleted = await tx
    .delete(bankDetails)
    .where(ownerIs(buildingId, kind, uuid))
    .returning({ redactedAccount: bankDetails.redactedAccount });
  if (deleted.length === 0) return;
  await writeLog(tx, {
    buildingId,
    event: 'bankAccountDetailsDeleted',
    source,
    message: `Bank account details of ${eventEntity[kind]} ${uuid} deleted`,
    metadata: { ownerKind: kind, ownerUuid: uuid, redactedAccount: deleted[0]?.redactedAccount },
  });
}

/**
 * The decrypted details of a supplier or unit, or null when none were uploaded: for the areas that
 * pay or debit electronically (pre-authorized debits). Not logged: the caller sends them to the bank
 * and logs what it sends.
 */
export async function readBankDetails(
  tx: DbOrTx,
  buildingId: string,
  ownerKind: BankDetailsOwnerKind,
  ownerUuid: string,
): Promise<BankDetailsInput | null> {
  const row = await storedRow(tx, buildingId, ownerKind, ownerUuid);
  if (!row) return null;
  return decrypt(await bankDetailsKey(tx), aadOf(buildingId, ownerKind, ownerUuid), row.ciphertext);
}

/**
 * `readBankDetails` for many owners of a kind at once (a payment file's orders): one query, each
 * decrypted; an owner without details is absent from the map. Not logged, as `readBankDetails`.
 */
export async function readBankDetailsOf(
  tx: DbOrTx,
  buildingId: string,
  ownerKind: BankDetailsOwnerKind,
  ownerUuids: readonly string[],
): Promise<Map<string, BankDetailsInput>> {
  const found = new Map<string, BankDetailsInput>();
  const uuids = [...new Set(ownerUuids)];
  if (uuids.length === 0) return found;
  const rows = await tx
    .select({ ownerUuid: bankDetails.ownerUuid, ciphertext: bankDetails.ciphertext })
    .from(bankDetails)
    .where(
      and(
        eq(bankDetails.buildingId, buildingId),
        eq(bankDetails.ownerKind, ownerKind),
        inArray(bankDetails.ownerUuid, uuids),
      ),
    );
  if (rows.length === 0) return found;
  const key = await bankDetailsKey(tx);
  for (const row of rows)
    found.set(row.ownerUuid, decrypt(key, aadOf(buildingId, ownerKind, row.ownerUuid), row.ciphertext));
  return found;
}

/**
 * Whether the supplier or unit has bank details, without reading them: what the pre-authorized
 * debit agreement's gate asks (automatic payment needs them). Not logged: nothing is shown.
 */
export async function hasBankDetails(
  db: DbOrTx,
  buildingId: string,
  ownerKind: BankDetailsOwnerKind,
  ownerUuid: string,
): Promise<boolean> {
  const [row] = await db
    .select({ ownerUuid: bankDetails.ownerUuid })
    .from(bankDetails)
    .where(ownerIs(buildingId, ownerKind, ownerUuid));
  return row !== undefined;
}

/** The suppliers or units of the building that have bank details (a run over many reads them once). */
export async function ownersWithBankDetails(
  db: DbOrTx,
  buildingId: string,
  ownerKind: BankDetailsOwnerKind,
): Promise<Set<string>> {
  const rows = await db
    .select({ ownerUuid: bankDetails.ownerUuid })
    .from(bankDetails)
    .where(and(eq(bankDetails.buildingId, buildingId), eq(bankDetails.ownerKind, ownerKind)));
  return new Set(rows.map((r) => r.ownerUuid));
}
