import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type Harness,
} from '../../test/harness';
import { cancelTransaction } from './ledger';
import { cancelThroughOwner, type TransactionOwner } from './owners';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const source = { kind: 'system', id: 'backend' } as const;

/** A building with its chart and one posted bank fee; the fee's uuid. */
async function posted() {
  const b = await createBuildingFixture(h, {}, { chart: true });
  const admin = await createUser(h, 'admin');
  await grantBuildingRole(h, b, admin, 'admin');
  const base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;
  const accounts = (await as(h, admin).get(`${base}/accounts`)).json() as { aid: number; kind: string }[];
  const [first, second] = accounts;
  if (!first || !second) throw new Error('no chart');
  const res = await as(h, admin).post(`${base}/transactions`, {
    date: '2026-02-01',
    description: 'Bank fee',
    kind: 'bankFee',
    taxes: [],
    indexes: [],
    subtransactions: [
      { aid: first.aid, amount: 500 },
      { aid: second.aid, amount: -500 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { scope: { buildingId: b.id, fiscalYear: '2026-01-01' }, uuid: res.json().uuid as string };
}

/** An owner that claims what `claims` says and records the cancels it was asked for. */
function owner(area: string, claims: boolean, asked: string[]): TransactionOwner {
  return {
    area,
    owns: async () => claims,
    cancel: async (tx, scope, src, row, reason) => {
      asked.push(`${area}:${row.uuid}`);
      return cancelTransaction(tx, scope, src, row.uuid, `${area}: ${reason}`);
    },
  };
}

describe('transaction owners', () => {
  it('cancel what they own; the ledger cancels what no one owns; two owners of one are a bug', async () => {
    const asked: string[] = [];
    const mine = await posted();
    const view = await h.platform.db.transaction((tx) =>
      cancelThroughOwner(
        tx,
        mine.scope,
        [owner('other', false, asked), owner('deposits', true, asked)],
        source,
        mine.uuid,
        'Wrong',
      ),
    );
    expect(asked).toEqual([`deposits:${mine.uuid}`]);
    expect(view).toMatchObject({ status: 'cancelled', cancelled: { reason: 'deposits: Wrong' } });

    const nobodys = await posted();
    const plain = await h.platform.db.transaction((tx) =>
      cancelThroughOwner(tx, nobodys.scope, [owner('other', false, asked)], source, nobodys.uuid, 'Wrong'),
    );
    expect(plain).toMatchObject({ status: 'cancelled', cancelled: { reason: 'Wrong' } });
    expect(asked).toHaveLength(1);

    const disputed = await posted();
    await expect(
      h.platform.db.transaction((tx) =>
        cancelThroughOwner(
          tx,
          disputed.scope,
          [owner('a', true, asked), owner('b', true, asked)],
          source,
          disputed.uuid,
          'Wrong',
        ),
      ),
    ).rejects.toThrow('claimed by a and b');

    // A refusal leaves the transaction standing.
    const refusing: TransactionOwner = {
      area: 'sales',
      owns: async () => true,
      cancel: async () => {
        throw new AppError('validation', [{ path: [], key: 'sales.errors.balanceTransferOfSale' }]);
      },
    };
    await expect(
      h.platform.db.transaction((tx) =>
        cancelThroughOwner(tx, disputed.scope, [refusing], source, disputed.uuid, 'Wrong'),
      ),
    ).rejects.toBeInstanceOf(AppError);
    const again = await h.platform.db.transaction((tx) =>
      cancelThroughOwner(tx, disputed.scope, [], source, disputed.uuid, 'Wrong'),
    );
    expect(again.status).toBe('cancelled');
  });
});
