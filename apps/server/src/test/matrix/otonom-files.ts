import { randomUUID } from 'node:crypto';
import { cents } from '@copro/domain';
import { padFile } from '../../db/schema/index';
import { returnFileForm } from '../../modules/otonom/files/test-files';
import { as, type TestUser } from '../harness';
import { financeReaders, financeWriters, type Case, type MatrixContext } from './actors';

const route = (method: string, path: string): string =>
  `${method} /api/buildings/:buildingRef/otonom/${path}`;

/**
 * Pre-authorized debits' settings, files, statuses and returns (issue 18): finance readers read
 * (the settings, the overview, a file's download), finance writers save, send, refresh and import.
 * The matrix server has no partner configured, so a send is refused as a validation (400: allowed,
 * not denied) and sends nothing; the file downloaded is one written straight to its table.
 */
export const otonomFileCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const base = `/api/buildings/${b.ref}/otonom`;
  let file: Promise<string> | null = null;
  const storedFile = (): Promise<string> =>
    (file ??= (async () => {
      const uuid = randomUUID();
      await h.platform.db.insert(padFile).values({
        buildingId: b.id,
        uuid,
        kind: 'units',
        format: 'otonom-legacy',
        fileName: 'otonom-0-2026-03-10.csv',
        content: 'reference\r\n',
        count: 0,
        total: cents(0),
        delivery: 'sent',
        sentBy: { kind: 'system', id: 'backend' },
        sentByName: 'Copro',
      });
      return uuid;
    })());
  const returns = async (u: TestUser | null) => {
    const form = await returnFileForm('returns.csv', 'reference,status\r\nDMATRIX001,completed\r\n');
    return h.app.inject({
      method: 'POST',
      url: `${base}/returns`,
      payload: form.payload,
      headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
    });
  };

  return [
    {
      route: route('GET', 'settings'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(`${base}/settings`),
    },
    {
      route: route('PUT', 'settings'),
      allowed: financeWriters,
      call: (u) => as(h, u).put(`${base}/settings`, { channel: 'otonom', debitAmount: 'monthlyFee' }),
    },
    {
      route: route('GET', 'overview'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(`${base}/overview`),
    },
    {
      route: route('POST', 'files'),
      allowed: financeWriters,
      call: (u) => as(h, u).post(`${base}/files`, { kind: 'units' }),
    },
    {
      route: route('GET', 'files/:uuid'),
      allowed: financeWriters,
      call: async (u) => as(h, u).get(`${base}/files/${await storedFile()}`),
    },
    {
      route: route('POST', 'statuses/refresh'),
      allowed: financeWriters,
      call: (u) => as(h, u).post(`${base}/statuses/refresh`),
    },
    { route: route('POST', 'returns'), allowed: financeWriters, call: returns },
  ];
};
