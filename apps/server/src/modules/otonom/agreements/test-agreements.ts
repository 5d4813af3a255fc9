import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuildingRole } from '@copro/domain';
import { activityLog, outbox, type building } from '../../../db/schema/index';
import { as, createUser, grantBuildingRole, type Harness, type TestUser } from '../../../test/harness';
import { pdfBytes } from '../../../test/registry-fixtures';
import { moneyInSetup, type MoneyInSetup } from '../../receivables/test-fixtures';

/**
 * What the agreements' tests share: the money-in building (two units, the first owned by an English
 * speaker, the second by a French one), users of the roles the routes tell apart, and the calls
 * the card makes.
 */
export interface AgreementSetup extends MoneyInSetup {
  users: Record<'accountant' | 'owner' | 'resident' | 'handler', TestUser>;
  /** The agreement routes of a unit. */
  agreementUrl: (unitUuid: string) => string;
}

export async function agreementSetup(
  h: Harness,
  settings: Partial<typeof building.$inferInsert> = {},
): Promise<AgreementSetup> {
  const s = await moneyInSetup(h, settings);
  const member = async (role: BuildingRole) => {
    const u = await createUser(h, role);
    await grantBuildingRole(h, s.b, u, role);
    return u;
  };
  return {
    ...s,
    users: {
      accountant: await member('accountant'),
      owner: await member('owner'),
      resident: await member('resident'),
      handler: await member('handler'),
    },
    agreementUrl: (unitUuid) => `/api/buildings/${s.b.ref}/units/${unitUuid}/pad-agreement`,
  };
}

export const detailsBody = {
  institution: '815',
  transit: '30012',
  account: '9876543210',
  holderName: 'Owner',
};

export async function giveBankDetails(s: AgreementSetup, unitUuid: string): Promise<void> {
  const res = await as(s.h, s.admin).put(
    `/api/buildings/${s.b.ref}/units/${unitUuid}/bank-details`,
    detailsBody,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A multipart form with one file in the field `file`, as a browser sends it. */
async function fileForm(fileName: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new File([bytes], fileName, { type }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Uploads the signed agreement of the unit as `user` (a PDF named signed.pdf unless told). */
export async function uploadSigned(
  s: AgreementSetup,
  user: TestUser | null,
  unitUuid: string,
  file: { fileName?: string; type?: string; bytes?: Buffer } = {},
) {
  const form = await fileForm(
    file.fileName ?? 'signed.pdf',
    file.type ?? 'application/pdf',
    file.bytes ?? pdfBytes,
  );
  return s.h.app.inject({
    method: 'PUT',
    url: `${s.agreementUrl(unitUuid)}/signed`,
    payload: form.payload,
    headers: { ...form.headers, ...(user ? { cookie: user.cookie } : {}) },
  });
}

const editFields = [
  'floor',
  'owners',
  'residents',
  'proxies',
  'parkings',
  'lockers',
  'paymentDay',
  'automaticPayment',
  'noMonthlyFees',
  'notes',
  'insurance',
  'waterHeater',
] as const;

/** Edits the unit through the unit form's route, as the admin, from what it holds now. */
export async function editUnit(s: AgreementSetup, unitUuid: string, change: Record<string, unknown>) {
  const url = `${s.base}/units/${unitUuid}`;
  const unit = (await as(s.h, s.admin).get(url)).json() as Record<string, unknown>;
  const body = Object.fromEntries(editFields.filter((f) => unit[f] !== undefined).map((f) => [f, unit[f]]));
  return as(s.h, s.admin).put(url, { ...body, ...change });
}

export const mailsTo = (h: Harness, to: string) =>
  h.platform.db.select().from(outbox).where(eq(outbox.to, to));

/** The building's log entries of `event` about the unit. */
export async function unitEvents(s: AgreementSetup, event: string, unitUuid: string) {
  const rows = await s.h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));
  return rows.filter((row) => row.indexes.includes(unitUuid));
}
