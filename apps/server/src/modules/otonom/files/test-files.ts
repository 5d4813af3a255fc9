import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cents, type PadChannel } from '@copro/domain';
import { activityLog, padFile, padOrder, padSetting, type OrderHistoryEntry } from '../../../db/schema/index';
import type { FixedClock } from '../../../platform/clock';
import { as, type Harness, type TestUser } from '../../../test/harness';
import { createDirectly, supplierBody } from '../../../test/registry-fixtures';
import { moneyInSetup, type MoneyInSetup } from '../../receivables/test-fixtures';
import { newReference } from '../orders/references';

/**
 * What the files' tests share: the money-in building (a bank, two units with owners) with the
 * partner's ids, its pre-authorized debit settings, bank details for the units, and orders ready
 * to send written straight to their table (how they come to be is the orders' tests' business).
 */
export interface FilesSetup extends MoneyInSetup {
  clock: FixedClock;
  otonom: string;
  supplier: string;
}

export const cpa005Settings = {
  originatorId: 'CPRO000001',
  shortName: 'Le Castel',
  longName: 'Syndicat Le Castel',
  destinationDataCentre: '00310',
  currency: 'CAD',
  returnInstitution: '815',
  returnTransit: '30012',
  returnAccount: '123456789',
} as const;

export const unitDetails = {
  institution: '815',
  transit: '30012',
  account: '1234567',
  holderName: 'Hélène Côté',
};

export async function filesSetup(
  h: Harness,
  clock: FixedClock,
  options: {
    channel?: PadChannel;
    apiVersion?: 'legacy' | 'v202406';
    automaticallySend?: { units: boolean; suppliers: boolean };
  } = {},
): Promise<FilesSetup> {
  const s = await moneyInSetup(h, {
    name: 'Le Castel',
    otonom: {
      id: 'OT-CASTEL',
      clientId: 'CLIENT-42',
      apiVersion: options.apiVersion ?? 'legacy',
      ...(options.automaticallySend ? { automaticallySend: options.automaticallySend } : {}),
    },
  });
  const channel = options.channel ?? 'otonom';
  await h.platform.db.insert(padSetting).values({
    buildingId: s.b.id,
    channel,
    debitAmount: 'monthlyFee',
    bankUuid: s.bank.uuid,
    cpa005: channel === 'cpa005' ? cpa005Settings : null,
  });
  const supplier = await createDirectly(h, s.b, 'suppliers', supplierBody('Déneigement Nord'));
  return { ...s, clock, otonom: `/api/buildings/${s.b.ref}/otonom`, supplier };
}

export async function giveDetails(
  s: FilesSetup,
  owner: 'units' | 'suppliers',
  uuid: string,
  details: Partial<typeof unitDetails> = {},
): Promise<void> {
  const res = await as(s.h, s.admin).put(`/api/buildings/${s.b.ref}/${owner}/${uuid}/bank-details`, {
    ...unitDetails,
    ...details,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A new order, ready to send unless said: a debit of the unit or a credit to the supplier. */
export async function readyOrder(
  s: FilesSetup,
  order: {
    unitUuid?: string;
    supplierUuid?: string;
    amount: number;
    dueDate: string;
    reference?: string;
    status?: 'readyToSendToOtonom' | 'waitingApproval';
  },
): Promise<typeof padOrder.$inferSelect> {
  const direction = order.unitUuid ? 'debit' : 'credit';
  const status = order.status ?? 'readyToSendToOtonom';
  const first: OrderHistoryEntry = {
    status,
    at: s.clock.now().toISOString(),
    source: { kind: 'system', id: 'backend' },
    by: 'Copro',
    returnCode: null,
  };
  const [row] = await s.h.platform.db
    .insert(padOrder)
    .values({
      buildingId: s.b.id,
      uuid: randomUUID(),
      fiscalYear: '2026-01-01',
      direction,
      unitUuid: order.unitUuid ?? null,
      supplierUuid: order.supplierUuid ?? null,
      name: order.unitUuid ? 'Hélène Côté' : 'Déneigement Nord',
      amount: cents(order.amount),
      dueDate: order.dueDate,
      status,
      reference: order.reference ?? newReference(direction),
      history: [first],
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}

export const orderOf = async (s: FilesSetup, uuid: string) => {
  const [row] = await s.h.platform.db
    .select()
    .from(padOrder)
    .where(and(eq(padOrder.buildingId, s.b.id), eq(padOrder.uuid, uuid)));
  if (!row) throw new Error(`no order ${uuid}`);
  return row;
};

export const filesOf = (s: FilesSetup) =>
  s.h.platform.db
    .select()
    .from(padFile)
    .where(eq(padFile.buildingId, s.b.id))
    .orderBy(asc(padFile.createdAt));

export const eventsOf = (s: FilesSetup, event: string) =>
  s.h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));

export const sendKind = (s: FilesSetup, kind: 'units' | 'suppliers', by: TestUser = s.admin) =>
  as(s.h, by).post(`${s.otonom}/files`, { kind });

/** A multipart form with one file in the field `file`, as a browser sends it. */
export async function returnFileForm(fileName: string, text: string) {
  const form = new FormData();
  form.append('file', new File([Buffer.from(text, 'utf8')], fileName, { type: 'text/csv' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function importReturnFile(s: FilesSetup, text: string, by: TestUser | null = s.admin) {
  const form = await returnFileForm('returns.csv', text);
  return s.h.app.inject({
    method: 'POST',
    url: `${s.otonom}/returns`,
    payload: form.payload,
    headers: { ...form.headers, ...(by ? { cookie: by.cookie } : {}) },
  });
}
