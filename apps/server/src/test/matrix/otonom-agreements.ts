import type { LightMyRequestResponse } from 'fastify';
import { fileForm } from '../../modules/payables/invoices/test-fixtures';
import { as, type TestUser } from '../harness';
import { pdfBytes, unitBody } from '../registry-fixtures';
import { financeReaders, financeWriters, type Case, type MatrixContext } from './actors';

const agreementRoute = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/units/:uuid/pad-agreement${path}`;

/**
 * A unit's pre-authorized debit agreement (DOMAIN 8): finance readers read its view, its form and
 * its signed copy; finance writers upload and delete the signed copy. Owners do not see it (their
 * bank data is the building's to keep). Each write works on a unit of its own, so the signed copy
 * the download reads is never deleted under it.
 */
export const otonomAgreementCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const url = (unitUuid: string, path = '') =>
    `/api/buildings/${b.ref}/units/${unitUuid}/pad-agreement${path}`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };

  async function upload(u: TestUser | null, unitUuid: string) {
    const form = await fileForm('signed.pdf', 'application/pdf', pdfBytes);
    return h.app.inject({
      method: 'PUT',
      url: url(unitUuid, '/signed'),
      payload: form.payload,
      headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
    });
  }
  /** A new unit with its signed agreement on file, uploaded by the admin. */
  async function signedUnit(): Promise<string> {
    const unit = await m.freshRecord('units', unitBody());
    expectStatus(await upload(admin(), unit), 200, 'signed agreement');
    return unit;
  }
  let shared: Promise<string> | null = null;
  const readable = (): Promise<string> => (shared ??= signedUnit());

  return [
    {
      route: agreementRoute('GET'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(url(await readable())),
    },
    {
      route: agreementRoute('GET', '/form.pdf'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(url(await readable(), '/form.pdf?language=fr')),
    },
    {
      route: agreementRoute('GET', '/signed'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(url(await readable(), '/signed')),
    },
    {
      route: agreementRoute('PUT', '/signed'),
      allowed: financeWriters,
      call: async (u) => upload(u, await m.freshRecord('units', unitBody())),
    },
    {
      route: agreementRoute('DELETE', '/signed'),
      allowed: financeWriters,
      call: async (u) => as(h, u).delete(url(await signedUnit(), '/signed')),
    },
  ];
};
