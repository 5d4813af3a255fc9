import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PenaltyView } from '@copro/domain';
import { building } from '../../../db/schema/index';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../../test/harness';
import {
  categoryBody,
  createDirectly,
  issueKeys,
  logsOf,
  setYearArchived,
} from '../../../test/registry-fixtures';
import { penaltyBuilding } from './test-setup';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('penalties: settings', () => {
  it('creates, lists, edits and deletes penalties, logging each with its changes', async () => {
    const s = await penaltyBuilding(h);
    const url = `/api/buildings/${s.b.ref}/penalties`;
    const fees = s.category('penaltiesAndFees').uuid;
    const created = await as(h, s.admin).post(url, {
      kind: 'defaultLatePaymentFee',
      categoryUuid: fees,
      amount: 2_500,
      gracePeriod: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const late = created.json() as PenaltyView;
    expect(late).toMatchObject({
      kind: 'defaultLatePaymentFee',
      categoryUuid: fees,
      amount: 2_500,
      gracePeriod: 10,
      rate: null,
      name: null,
    });
    const custom = (
      await as(h, s.admin).post(url, {
        kind: 'customFee',
        name: 'Key replacement',
        description: 'A lost key',
        categoryUuid: fees,
        amount: 4_000,
      })
    ).json() as PenaltyView;
    expect(custom).toMatchObject({ name: 'Key replacement', description: 'A lost key', gracePeriod: null });

    const listed = (await as(h, s.admin).get(url)).json() as PenaltyView[];
    expect(listed.map((p) => p.uuid)).toEqual([late.uuid, custom.uuid]);

    const edited = await as(h, s.admin).put(`${url}/${late.uuid}`, {
      kind: 'defaultLatePaymentFee',
      categoryUuid: fees,
      amount: 3_000,
      gracePeriod: 10,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().amount).toBe(3_000);

    const deleted = await as(h, s.admin).delete(`${url}/${custom.uuid}`);
    expect(deleted.statusCode).toBe(204);
    expect(((await as(h, s.admin).get(url)).json() as PenaltyView[]).map((p) => p.uuid)).toEqual([late.uuid]);
    expect((await as(h, s.admin).delete(`${url}/${custom.uuid}`)).statusCode).toBe(404);

    const logs = (await logsOf(h, s.b)).filter((l) => l.event.startsWith('penalty'));
    expect(logs.map((l) => l.event)).toEqual([
      'penaltyCreated',
      'penaltyCreated',
      'penaltyEdited',
      'penaltyDeleted',
    ]);
    expect(logs[2]?.changes).toEqual([{ field: 'amount', before: 2_500, after: 3_000 }]);
    expect(logs[2]?.source).toMatchObject({ kind: 'user', id: s.admin.id });
    expect(logs[3]?.indexes).toEqual([custom.uuid]);
  });

  it('an edit that changes nothing logs nothing', async () => {
    const s = await penaltyBuilding(h);
    const url = `/api/buildings/${s.b.ref}/penalties`;
    const body = {
      kind: 'defaultInterests',
      categoryUuid: s.category('penaltiesAndFees').uuid,
      rate: 0.12,
      gracePeriod: 5,
    };
    const { uuid } = (await as(h, s.admin).post(url, body)).json() as PenaltyView;
    expect((await as(h, s.admin).put(`${url}/${uuid}`, body)).statusCode).toBe(200);
    expect((await logsOf(h, s.b)).filter((l) => l.event === 'penaltyEdited')).toEqual([]);
  });

  it('refuses a second default of one kind, on create and on edit, but not a second custom one', async () => {
    const s = await penaltyBuilding(h);
    const url = `/api/buildings/${s.b.ref}/penalties`;
    const categoryUuid = s.category('penaltiesAndFees').uuid;
    const reversal = { kind: 'defaultCheckReversalFee', categoryUuid, amount: 3_500 };
    expect((await as(h, s.admin).post(url, reversal)).statusCode).toBe(201);
    const again = await as(h, s.admin).post(url, reversal);
    expect(again.statusCode).toBe(400);
    expect(issueKeys(again)).toEqual(['kind:penalties.validation.defaultExists']);
    const custom = { kind: 'customPenalty', name: 'Noise', categoryUuid, amount: 10_000 };
    expect((await as(h, s.admin).post(url, custom)).statusCode).toBe(201);
    const second = await as(h, s.admin).post(url, custom);
    expect(second.statusCode).toBe(201);
    const turned = await as(h, s.admin).put(`${url}/${(second.json() as PenaltyView).uuid}`, reversal);
    expect(issueKeys(turned)).toEqual(['kind:penalties.validation.defaultExists']);
    expect((await logsOf(h, s.b)).filter((l) => l.event === 'penaltyCreated')).toHaveLength(3);
  });

  it('refuses a category that is not one of the latest open year, or is archived', async () => {
    const s = await penaltyBuilding(h);
    const url = `/api/buildings/${s.b.ref}/penalties`;
    const body = (categoryUuid: string) => ({ kind: 'customFee', name: 'Fee', categoryUuid, amount: 100 });
    const unknown = await as(h, s.admin).post(url, body('00000000-0000-4000-8000-000000000000'));
    expect(issueKeys(unknown)).toEqual(['categoryUuid:penalties.validation.categoryMissing']);
    const category = await createDirectly(h, s.b, 'categories', categoryBody('Old', 'revenues'));
    const archived = await as(h, s.admin).post(
      `/api/buildings/${s.b.ref}/fiscal-years/2026-01-01/categories/${category}/archive`,
      { archived: true },
    );
    expect(archived.statusCode, archived.body).toBe(200);
    expect(issueKeys(await as(h, s.admin).post(url, body(category)))).toEqual([
      'categoryUuid:penalties.validation.categoryMissing',
    ]);
    // A year that is archived leaves no year to take categories from.
    await setYearArchived(h, s.b, true);
    const closed = await as(h, s.admin).post(url, body(s.category('penaltiesAndFees').uuid));
    expect(closed.statusCode).toBe(409);
  });

  it('validates the body with the shared schema', async () => {
    const s = await penaltyBuilding(h);
    const res = await as(h, s.admin).post(`/api/buildings/${s.b.ref}/penalties`, {
      kind: 'defaultInterests',
      categoryUuid: s.category('penaltiesAndFees').uuid,
      rate: 1.5,
      gracePeriod: 10,
    });
    expect(issueKeys(res)).toEqual(['rate:validation.mustBeLessThan100']);
  });

  it('an accountant reads the penalties but may not change them', async () => {
    const s = await penaltyBuilding(h);
    const accountant = await createUser(h, 'accountant');
    await grantBuildingRole(h, s.b, accountant, 'accountant');
    const url = `/api/buildings/${s.b.ref}/penalties`;
    expect((await as(h, accountant).get(url)).statusCode).toBe(200);
    const body = {
      kind: 'customFee',
      name: 'Fee',
      categoryUuid: s.category('penaltiesAndFees').uuid,
      amount: 100,
    };
    expect((await as(h, accountant).post(url, body)).statusCode).toBe(403);
  });

  it('sets the minimum balance threshold, logged as a building edit', async () => {
    const s = await penaltyBuilding(h);
    const url = `/api/buildings/${s.b.ref}/penalty-threshold`;
    const res = await as(h, s.admin).put(url, { minimumUnitBalanceBeforeChargingPenalties: 5_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ minimumUnitBalanceBeforeChargingPenalties: 5_000 });
    const [row] = await h.platform.db.select().from(building).where(eq(building.id, s.b.id));
    expect(row?.minimumUnitBalanceBeforeChargingPenalties).toBe(5_000);
    await as(h, s.admin).put(url, { minimumUnitBalanceBeforeChargingPenalties: 5_000 });
    const edits = (await logsOf(h, s.b)).filter((l) => l.event === 'buildingEdited');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.changes).toEqual([
      { field: 'minimumUnitBalanceBeforeChargingPenalties', before: 0, after: 5_000 },
    ]);
    expect(
      (await as(h, s.admin).put(url, { minimumUnitBalanceBeforeChargingPenalties: -1 })).statusCode,
    ).toBe(400);
  });
});
