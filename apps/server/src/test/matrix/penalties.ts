import { createPenalty } from '../../modules/receivables';
import { as } from '../harness';
import { categoryBody, yearPath } from '../registry-fixtures';
import { financeReaders, financeWriters, yearRoute, type Case, type MatrixContext } from './actors';
import { cents } from '@copro/domain';

const penaltiesRoute = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/penalties${path}`;

/** Penalties and collections (DOMAIN 5): settings, the run, arrears, reminders and the summary. */
export const penaltyCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const url = `/api/buildings/${b.ref}/penalties`;
  /** A custom fee (any number may exist) on a fresh category, so no call depends on another. */
  const feeBody = async () => ({
    kind: 'customFee' as const,
    name: 'Key replacement',
    categoryUuid: await m.freshRecord('categories', categoryBody('Fees', 'revenues')),
    amount: cents(4_000),
  });
  /** A job of the matrix building, queued under a name no handler takes, so it stays as it is. */
  let job: number | null = null;
  const matrixJob = async (): Promise<number> => {
    job ??= await h.platform.jobs.enqueue(h.platform.db, 'test.matrix', {}, { buildingId: b.id });
    if (job === null) throw new Error('the matrix job was not queued');
    return job;
  };
  const freshPenalty = async (): Promise<string> => {
    const body = await feeBody();
    const view = await h.platform.db.transaction((tx) =>
      createPenalty(tx, b.id, { kind: 'system', id: 'backend' }, body),
    );
    return view.uuid;
  };
  return [
    {
      route: penaltiesRoute('GET'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(url),
    },
    {
      route: penaltiesRoute('POST'),
      allowed: financeWriters,
      call: async (u) => as(h, u).post(url, await feeBody()),
    },
    {
      route: penaltiesRoute('PUT', '/:uuid'),
      allowed: financeWriters,
      call: async (u) => as(h, u).put(`${url}/${await freshPenalty()}`, await feeBody()),
    },
    {
      route: penaltiesRoute('DELETE', '/:uuid'),
      allowed: financeWriters,
      call: async (u) => as(h, u).delete(`${url}/${await freshPenalty()}`),
    },
    {
      route: 'PUT /api/buildings/:buildingRef/penalty-threshold',
      allowed: financeWriters,
      // The threshold stays what it is: an allowed call changes nothing other cases see.
      call: (u) =>
        as(h, u).put(`/api/buildings/${b.ref}/penalty-threshold`, {
          minimumUnitBalanceBeforeChargingPenalties: 0,
        }),
    },
    {
      route: yearRoute('GET', 'penalties/run/preview'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(`${yearPath(b)}/penalties/run/preview`),
    },
    {
      route: yearRoute('POST', 'penalties/run'),
      allowed: financeWriters,
      // Queues a check; no case drains the queue, so it charges nothing other cases see.
      call: (u) => as(h, u).post(`${yearPath(b)}/penalties/run`),
    },
    {
      route: 'GET /api/buildings/:buildingRef/jobs/:id',
      allowed: financeReaders,
      call: async (u) => as(h, u).get(`/api/buildings/${b.ref}/jobs/${await matrixJob()}`),
    },
    {
      route: yearRoute('GET', 'arrears'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(`${yearPath(b)}/arrears`),
    },
    {
      route: yearRoute('POST', 'arrears/reminders'),
      allowed: financeWriters,
      // No unit chosen: allowed callers send nothing.
      call: (u) => as(h, u).post(`${yearPath(b)}/arrears/reminders`, { unitUuids: [] }),
    },
    {
      route: yearRoute('GET', 'units/:uuid/reminders'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(`${yearPath(b)}/units/${m.ownerUnit()}/reminders`),
    },
    {
      route: yearRoute('GET', 'receivables/summary'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(`${yearPath(b)}/receivables/summary`),
    },
  ];
};
