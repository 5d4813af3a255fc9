import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  buildingToday,
  companyName,
  otonomCsv,
  otonomCsvFileName,
  splitName,
  sumCents,
  type BankDetailsInput,
  type OtonomCsvRow,
  type PadFileFormat,
  type PadFileKind,
  type SendFileResult,
  type SkippedOrder,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padFile, padOrder, padSetting } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { readBankDetailsOf } from '../../payables';
import type { OtonomContext } from '../context';
import { dropCancelledCredits, ensureCreditOrders } from '../orders/credit-orders';
import { moveOrders } from '../orders/move-order';
import { unitNumbersOf } from '../orders/order-list';
import type { PadOrderRow } from '../orders/order-view';
import { PartnerError, partnerFileType, type PaymentPartner } from '../partner/partner';
import { padSettingsRow } from '../settings/settings';
import { cpa005AccountProblem, cpa005CreationNumber, cpa005File, type Cpa005Item } from './cpa005';
import { fileView } from './file-view';

/**
 * DOMAIN 8: one file of a kind, holding every order ready to send of that kind (units: the debits;
 * suppliers: the credits, made first from the partner's payments payables posted), in one
 * database transaction:
 * - a credit whose supplier payment was cancelled in payables since is cancelled, not sent, and
 *   answered in `skipped`;
 * - the payers' or payees' bank details are read (decrypted) for all orders at once; an order
 *   without them, or whose account a CPA-005 file cannot hold, stays ready and is answered in
 *   `skipped`;
 * - channel `otonom`: the partner's CSV of the building's API version, SENT to the partner;
 *   channel `cpa005`: a CPA-005 file with the next file creation number (taken from the
 *   settings in the same transaction; the files' unique index refuses a number twice), only
 *   CREATED: the manager downloads it and uploads it to the bank;
 * - the file is stored (content, count, total, format, number, the partner's file id, who sent it),
 *   the orders move to `toProcess` together (`moveOrders`, the one door's batch) and name the
 *   file in the same update; logged "otonom file sent".
 * Everything is written before the partner is called, last, so a failure of ours sends nothing;
 * the partner refusing or failing throws (`otonom.validation.partnerFailed`), which rolls it all
 * back: no order moves, no file is kept. The window left, the partner accepting and our commit
 * failing, is closed by the file's uuid, derived from the orders and their histories, sent as
 * the `Idempotency-Key`: sending the same orders again is the same key, which the partner
 * answers with the first file without taking it twice (docs/operations.md).
 */

const invalid = (key: string, params?: Record<string, string>) =>
  new AppError('validation', [{ path: ['kind'], key, ...(params ? { params } : {}) }]);

/** What every file item needs, whatever the format. */
interface Item {
  order: PadOrderRow;
  details: BankDetailsInput;
  accountReference: string;
}

/**
 * The file's uuid from what it holds: the same orders at the same point of their histories give
 * the same uuid (a retry after a failed commit); an order sent again later has a longer history.
 */
export function fileUuidOf(
  buildingId: string,
  kind: PadFileKind,
  format: PadFileFormat,
  orders: readonly PadOrderRow[],
): string {
  const parts = orders.map((o) => `${o.uuid}:${o.history.length}`).sort();
  const hash = createHash('sha256')
    .update([buildingId, kind, format, ...parts].join('\n'))
    .digest();
  // RFC 9562 layout: version 8 (custom), variant 10.
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x80;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The orders ready to send of the kind, oldest due first, locked until the transaction ends. */
async function readyOrders(tx: DbOrTx, buildingId: string, kind: PadFileKind): Promise<PadOrderRow[]> {
  return tx
    .select()
    .from(padOrder)
    .where(
      and(
        eq(padOrder.buildingId, buildingId),
        eq(padOrder.status, 'readyToSendToOtonom'),
        eq(padOrder.direction, kind === 'units' ? 'debit' : 'credit'),
      ),
    )
    .orderBy(asc(padOrder.dueDate), asc(padOrder.reference))
    .for('update');
}

/** An order the file leaves out, and why (an i18n key naming the payer or payee). */
const skippedOrder = (order: PadOrderRow, key: string): SkippedOrder => ({
  orderUuid: order.uuid,
  reference: order.reference,
  name: order.name,
  key,
  params: { name: order.name },
});

/** Each order with its bank details, and those left out (no details, or an account CPA-005 cannot hold). */
async function itemsOf(
  tx: DbOrTx,
  buildingId: string,
  kind: PadFileKind,
  orders: readonly PadOrderRow[],
  cpa005: boolean,
): Promise<{ items: Item[]; skipped: SkippedOrder[] }> {
  // A unit's account with the building is its number; a supplier's, its uuid.
  const numberOf = kind === 'units' ? await unitNumbersOf(tx, buildingId, orders) : () => null;
  const ownerOf = (order: PadOrderRow) => (kind === 'units' ? order.unitUuid : order.supplierUuid);
  const detailsOf = await readBankDetailsOf(
    tx,
    buildingId,
    kind === 'units' ? 'unit' : 'supplier',
    orders.flatMap((order) => ownerOf(order) ?? []),
  );
  const items: Item[] = [];
  const skipped: SkippedOrder[] = [];
  for (const order of orders) {
    const owner = ownerOf(order);
    const details = owner ? (detailsOf.get(owner) ?? null) : null;
    if (!owner || !details) {
      skipped.push(
        skippedOrder(
          order,
          kind === 'units'
            ? 'otonom.files.skipped.unitWithoutBankDetails'
            : 'otonom.files.skipped.supplierWithoutBankDetails',
        ),
      );
      continue;
    }
    const accountProblem = cpa005 ? cpa005AccountProblem(details.account) : null;
    if (accountProblem) {
      skipped.push(skippedOrder(order, accountProblem));
      continue;
    }
    items.push({ order, details, accountReference: numberOf(order) ?? owner });
  }
  return { items, skipped };
}

/** The day the money moves: the order's due date, or today when that has passed (no debit in the past). */
const paymentDateOf = (order: PadOrderRow, today: string): string =>
  order.dueDate < today ? today : order.dueDate;

interface Written {
  format: PadFileFormat;
  fileName: string;
  content: string;
  creationNumber: number | null;
}

/** Takes the next CPA-005 file creation number: it only grows, in this transaction. */
async function takeFileNumber(tx: DbOrTx, buildingId: string): Promise<number> {
  const [row] = await tx
    .update(padSetting)
    .set({ nextFileNumber: sql`${padSetting.nextFileNumber} + 1` })
    .where(eq(padSetting.buildingId, buildingId))
    .returning({ next: padSetting.nextFileNumber });
  if (!row) throw invalid('otonom.validation.noSettings');
  return cpa005CreationNumber(row.next - 1);
}

/**
 * Sends (or, for CPA-005, creates) the file of `kind`; see the header. `partner` is the server's,
 * null when none is configured (`OTONOM_URL`).
 */
export async function sendFile(
  tx: DbOrTx,
  ctx: OtonomContext,
  partner: PaymentPartner | null,
  kind: PadFileKind,
): Promise<SendFileResult> {
  const b = ctx.building;
  const settings = await padSettingsRow(tx, b.id);
  if (!settings) throw invalid('otonom.validation.noSettings');
  const cpa005 = settings.channel === 'cpa005';
  if (cpa005 && !settings.cpa005) throw invalid('otonom.validation.noSettings');
  if (!cpa005 && !partner) throw invalid('otonom.validation.partnerNotConfigured');
  const otonomId = b.otonom.id?.trim() ?? '';
  const clientId = b.otonom.clientId?.trim() ?? '';
  if (!cpa005 && (!otonomId || !clientId)) throw invalid('otonom.files.noPartnerIds');

  // One file of a kind at a time per building: a second click waits, then finds nothing ready.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otonom-file:${b.id}:${kind}`}))`);
  if (kind === 'suppliers') await ensureCreditOrders(tx, ctx, b.id);
  const { sendable, cancelled } = await dropCancelledCredits(tx, ctx, await readyOrders(tx, b.id, kind));
  const { items, skipped: unsendable } = await itemsOf(tx, b.id, kind, sendable, cpa005);
  const skipped = [
    ...cancelled.map((order) => skippedOrder(order, 'otonom.files.skipped.paymentCancelled')),
    ...unsendable,
  ];
  if (items.length === 0) return { file: null, skipped };

  const today = buildingToday(b, ctx.now);
  const apiVersion = b.otonom.apiVersion ?? 'legacy';
  const format: PadFileFormat = cpa005 ? 'cpa005' : `otonom-${apiVersion}`;
  const uuid = fileUuidOf(
    b.id,
    kind,
    format,
    items.map((i) => i.order),
  );
  const total = sumCents(items.map((i) => i.order.amount));

  let written: Written;
  if (cpa005 && settings.cpa005) {
    const c = settings.cpa005;
    const creationNumber = await takeFileNumber(tx, b.id);
    const cpaItems: Cpa005Item[] = items.map(({ order, details }) => ({
      direction: order.direction,
      amount: order.amount,
      dueDate: paymentDateOf(order, today),
      institution: details.institution,
      transit: details.transit,
      account: details.account,
      name: details.holderName,
      reference: order.reference,
    }));
    written = {
      format,
      creationNumber,
      fileName: `cpa005-${String(creationNumber).padStart(4, '0')}-${today}.txt`,
      content: cpa005File({
        originatorId: c.originatorId,
        shortName: c.shortName,
        longName: c.longName,
        fileCreationNumber: creationNumber,
        creationDate: today,
        destinationDataCentre: c.destinationDataCentre,
        currency: c.currency,
        returnAccount: {
          institution: c.returnInstitution,
          transit: c.returnTransit,
          account: c.returnAccount,
        },
        items: cpaItems,
      }),
    };
  } else {
    const type = partnerFileType[kind];
    const rows: OtonomCsvRow[] = items.map(({ order, details, accountReference }) => ({
      accountReference,
      ...(kind === 'units' ? splitName(details.holderName) : companyName(details.holderName)),
      institution: details.institution,
      transit: details.transit,
      account: details.account,
      amount: order.amount,
      paymentDate: paymentDateOf(order, today),
      reference: order.reference,
    }));
    written = {
      format,
      creationNumber: null,
      fileName: otonomCsvFileName(type, today),
      content: otonomCsv({ apiVersion, type, clientToken: clientId, rows }),
    };
  }

  await tx.insert(padFile).values({
    buildingId: b.id,
    uuid,
    kind,
    format: written.format,
    creationNumber: written.creationNumber,
    fileName: written.fileName,
    content: written.content,
    count: items.length,
    total,
    delivery: cpa005 ? 'created' : 'sent',
    partnerFileId: null,
    sentBy: ctx.source,
    sentByName: ctx.sourceName,
    createdAt: ctx.now,
  });
  await moveOrders(
    tx,
    ctx,
    items.map((i) => i.order),
    'toProcess',
    { fileUuid: uuid },
  );

  // Last: the partner is told only once everything of ours is written.
  let partnerFileId: string | null = null;
  if (!cpa005 && partner) {
    try {
      ({ partnerFileId } = await partner.send({
        buildingOtonomId: otonomId,
        clientId,
        apiVersion,
        kind,
        fileName: written.fileName,
        content: written.content,
        idempotencyKey: uuid,
      }));
    } catch (error) {
      if (error instanceof PartnerError)
        throw invalid('otonom.validation.partnerFailed', { reason: error.reason });
      throw error;
    }
  }
  const [row] = await tx
    .update(padFile)
    .set({ partnerFileId })
    .where(and(eq(padFile.buildingId, b.id), eq(padFile.uuid, uuid)))
    .returning();
  if (!row) throw new Error(`file ${uuid} vanished`);

  await writeLog(tx, {
    buildingId: b.id,
    event: 'otonomFileSent',
    source: ctx.source,
    message: cpa005
      ? `CPA-005 file ${written.fileName} created: ${items.length} ${kind === 'units' ? 'debits' : 'payments'}`
      : `Otonom file ${written.fileName} sent: ${items.length} ${kind === 'units' ? 'debits' : 'payments'}`,
    metadata: {
      kind,
      format: written.format,
      count: items.length,
      total,
      fileUuid: uuid,
      fileName: written.fileName,
      creationNumber: written.creationNumber,
      delivery: row.delivery,
      partnerFileId,
      skipped: skipped.map((s) => s.reference),
    },
    indexes: [uuid],
  });
  await publish(tx, { buildingId: b.id, collection: 'padOrders', ids: items.map((i) => i.order.uuid) });
  return { file: fileView(row), skipped };
}

/**
 * A file asked for by a user: as `sendFile`, but refused when there was nothing to send at all (no
 * order ready, none left out), so the user is told rather than answered an empty file.
 */
export async function sendFileAsked(
  tx: DbOrTx,
  ctx: OtonomContext,
  partner: PaymentPartner | null,
  kind: PadFileKind,
): Promise<SendFileResult> {
  const result = await sendFile(tx, ctx, partner, kind);
  if (!result.file && result.skipped.length === 0) throw invalid('otonom.validation.nothingToSend');
  return result;
}
