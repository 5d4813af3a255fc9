import { and, eq } from 'drizzle-orm';
import { registryRecord } from '../../db/schema/index';
import { postTransaction } from '../../modules/ledger';
import { sellUnit } from '../../modules/receivables';
import { as } from '../harness';
import { personBody, unitBody, yearPath } from '../registry-fixtures';
import { financeReaders, financeWriters, yearRoute, type Case, type MatrixContext } from './actors';
import { cents } from '@copro/domain';

const system = { kind: 'system', id: 'backend' } as const;

/**
 * Unit accounts, statements and receivables reports. The matrix building keeps its finances from
 * owners (ownersFinancesAccess none), so even the owner's own unit is refused to them here.
 */
export const unitAccountCases = (m: MatrixContext): Case[] => {
  const scope = () => ({ buildingId: m.b.id, fiscalYear: '2026-01-01' });
  const aidOf = async (uuid: string): Promise<number> => {
    const [row] = await m.h.platform.db
      .select({ aid: registryRecord.aid })
      .from(registryRecord)
      .where(and(eq(registryRecord.buildingId, m.b.id), eq(registryRecord.uuid, uuid)));
    return row?.aid ?? 0;
  };
  let revenue: number | null = null;
  /** Posts `amount` on the unit's account against a revenue account (positive: charged to the unit). */
  const post = async (unitAid: number, amount: number, date: string) => {
    revenue ??= await aidOf(await m.freshRecord('categories', { name: 'Fees', parent: 'revenues' }));
    const other = revenue;
    await m.h.platform.db.transaction((tx) =>
      postTransaction(tx, scope(), system, {
        date,
        description: 'Matrix',
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: [
          { aid: unitAid, amount: cents(amount) },
          { aid: other, amount: cents(-amount) },
        ],
      }),
    );
  };
  /** A unit sold with its balance left with the former owner, then settled: ready to close. */
  const settledSoldUnit = async () => {
    const unit = await m.freshRecord('units', unitBody());
    const oldAid = await aidOf(unit);
    await post(oldAid, 1_000, '2026-02-01');
    const buyer = await m.freshRecord('people', personBody('Buyer'));
    await m.h.platform.db.transaction((tx) =>
      sellUnit(tx, scope(), system, unit, { date: '2026-03-01', newOwners: [buyer], balance: 'leave' }, 'en'),
    );
    await post(oldAid, -1_000, '2026-03-05');
    return { unit, oldAid };
  };
  const path = () => yearPath(m.b);
  return [
    {
      route: yearRoute('POST', 'units/:uuid/sale'),
      allowed: financeWriters,
      call: async (u) => {
        const unit = await m.freshRecord('units', unitBody());
        const buyer = await m.freshRecord('people', personBody('Buyer'));
        return as(m.h, u).post(`${path()}/units/${unit}/sale`, {
          date: '2026-03-01',
          newOwners: [buyer],
          balance: 'carry',
        });
      },
    },
    {
      route: yearRoute('GET', 'units/:uuid/accounts'),
      allowed: financeReaders,
      call: async (u) =>
        as(m.h, u).get(`${path()}/units/${await m.freshRecord('units', unitBody())}/accounts`),
    },
    {
      // The owner's own unit: refused all the same, the building keeps finances from owners.
      route: yearRoute('GET', 'units/:uuid/accounts'),
      allowed: financeReaders,
      call: (u) => as(m.h, u).get(`${path()}/units/${m.ownerUnit()}/accounts`),
    },
    {
      route: yearRoute('POST', 'units/:uuid/accounts/:aid/close'),
      allowed: financeWriters,
      call: async (u) => {
        const { unit, oldAid } = await settledSoldUnit();
        return as(m.h, u).post(`${path()}/units/${unit}/accounts/${oldAid}/close`);
      },
    },
    {
      route: yearRoute('GET', 'units/:uuid/statement'),
      allowed: financeReaders,
      call: (u) => as(m.h, u).get(`${path()}/units/${m.ownerUnit()}/statement?from=2026-01-01&to=2026-06-30`),
    },
    {
      route: yearRoute('GET', 'units/:uuid/statement'),
      allowed: financeReaders,
      call: (u) => as(m.h, u).get(`${path()}/units/${m.ownerUnit()}/statement?format=pdf`),
    },
    {
      route: yearRoute('POST', 'units/:uuid/statement/email'),
      allowed: financeReaders,
      call: (u) =>
        as(m.h, u).post(`${path()}/units/${m.ownerUnit()}/statement/email`, {
          from: '2026-01-01',
          to: '2026-03-31',
        }),
    },
    ...['receivables-aging', 'statements', 'payments-received'].map((report): Case => ({
      route: yearRoute('GET', 'reports/:report'),
      allowed: financeReaders,
      call: (u) => as(m.h, u).get(`${path()}/reports/${report}?format=json`),
    })),
  ];
};
