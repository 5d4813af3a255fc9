import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { configuredPartner, partnerView } from './configured';
import { isFakePartnerUrl, startFakePartner, type FakePartner } from './fake-partner';
import { HttpPartner } from './http-partner';
import { PartnerError, type PartnerFile } from './partner';

let fake: FakePartner;
beforeAll(async () => {
  fake = await startFakePartner();
});
afterAll(async () => fake.close());

const csv = (...references: string[]) =>
  [
    'reference_compte,prenom,nom,institution,transit,compte,montant,date_paiement,jeton_client,reference',
    ...references.map((r) => `101,Hélène,Côté,815,30012,1234567,450.00,2026-03-15,CLIENT,${r}`),
  ].join('\r\n') + '\r\n';

const file = (key: string, ...references: string[]): PartnerFile => ({
  buildingOtonomId: 'OT-1',
  clientId: 'CLIENT',
  apiVersion: 'legacy',
  kind: 'units',
  fileName: 'otonom-0-2026-03-10.csv',
  content: csv(...references),
  idempotencyKey: key,
});

async function failure(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    expect(error).toBeInstanceOf(PartnerError);
    return (error as PartnerError).reason;
  }
  throw new Error('the partner call succeeded');
}

describe('the partner’s HTTP API, against the local fake', () => {
  it('takes a file once per idempotency key, with the bearer token', async () => {
    const partner = new HttpPartner(fake.url, 'secret-key');
    const before = fake.received().length;
    const { partnerFileId } = await partner.send(file('key-1', 'DAAAAAAAA1', 'DAAAAAAAA2'));
    expect(partnerFileId).not.toBe('');
    expect(fake.received().slice(before)).toMatchObject([
      {
        fileId: partnerFileId,
        otonomId: 'OT-1',
        clientId: 'CLIENT',
        apiVersion: 'legacy',
        type: 0,
        authorization: 'Bearer secret-key',
        idempotencyKey: 'key-1',
        references: ['DAAAAAAAA1', 'DAAAAAAAA2'],
      },
    ]);
    // The same key again: the first file's id, nothing new kept.
    expect(await partner.send(file('key-1', 'DAAAAAAAA3'))).toEqual({ partnerFileId });
    expect(fake.received().length).toBe(before + 1);
    expect(
      (await partner.send({ ...file('key-2', 'CAAAAAAAA1'), kind: 'suppliers' })).partnerFileId,
    ).not.toBe(partnerFileId);
    expect(fake.received().at(-1)?.type).toBe(1);
  });

  it('answers statuses one step further each call, unless pinned; unknown references are left out', async () => {
    const partner = new HttpPartner(fake.url, undefined);
    await partner.send(file('key-3', 'DBBBBBBBB1', 'DBBBBBBBB2', 'DBBBBBBBB3'));
    const query = (references: string[]) =>
      partner.statuses({ buildingOtonomId: 'OT-1', clientId: 'CLIENT', references });
    const all = ['DBBBBBBBB1', 'DBBBBBBBB2', 'DBBBBBBBB3', 'DUNKNOWN00'];
    fake.setStatus('DBBBBBBBB2', 'processedNSF', '901', '2026-03-18');
    // The admin endpoint pins one without code (the browser test, the demo).
    const pinned = await fetch(`${fake.url}/fake/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'DBBBBBBBB3', status: 'unprocessedError', returnCode: '912' }),
    });
    expect(pinned.status).toBe(200);
    expect(await query(all)).toEqual([
      { reference: 'DBBBBBBBB1', status: 'withdrawalDone', returnCode: null, date: null },
      { reference: 'DBBBBBBBB2', status: 'processedNSF', returnCode: '901', date: '2026-03-18' },
      { reference: 'DBBBBBBBB3', status: 'unprocessedError', returnCode: '912', date: null },
    ]);
    expect((await query(all)).map((t) => t.status)).toEqual([
      'completed',
      'processedNSF',
      'unprocessedError',
    ]);
    expect((await query(['DBBBBBBBB1'])).map((t) => t.status)).toEqual(['completed']);
  });

  it('carries the partner’s message on a refusal', async () => {
    fake.refuseNextFile(422, 'Unknown client token');
    expect(await failure(new HttpPartner(fake.url, 'k').send(file('key-4', 'DCCCCCCCC1')))).toBe(
      'Unknown client token (HTTP 422)',
    );
    // Only the next file was refused.
    await new HttpPartner(fake.url, 'k').send(file('key-4', 'DCCCCCCCC1'));
  });

  it('fails on a partner that is down or does not answer in time', async () => {
    const gone = await startFakePartner();
    expect(isFakePartnerUrl(gone.url)).toBe(true);
    await gone.close();
    expect(isFakePartnerUrl(gone.url)).toBe(false);
    expect(await failure(new HttpPartner(gone.url, 'k').send(file('key-5', 'D1')))).toMatch(/^unreachable: /);

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      expect(await failure(new HttpPartner(url, 'k', 200).send(file('key-6', 'D1')))).toBe(
        'no answer within 0.2 s',
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('the configured partner', () => {
  it('is the HTTP client when OTONOM_URL is set, none otherwise', () => {
    const base = { DATA_DIR: '/nonexistent' };
    const none = loadConfig({ ...base, OTONOM_URL: '' });
    expect(none.otonomUrl).toBeUndefined();
    const prod = { env: 'prod' };
    const demo = { env: 'demo' };
    expect(configuredPartner(none, prod)).toBeNull();
    expect(partnerView(none, prod)).toBeNull();

    const real = loadConfig({ ...base, OTONOM_URL: 'https://api.otonom.example/', OTONOM_API_KEY: 'k' });
    expect(real).toMatchObject({ otonomUrl: 'https://api.otonom.example', otonomApiKey: 'k' });
    expect(configuredPartner(real, prod)).toBeInstanceOf(HttpPartner);
    expect(partnerView(real, prod)).toEqual({ url: 'https://api.otonom.example', fake: false });
    // The demo building's made-up debits never reach a real partner; the local test one, yes.
    expect(configuredPartner(real, demo)).toBeNull();
    expect(partnerView(real, demo)).toBeNull();
    const local = { otonomUrl: fake.url, otonomApiKey: undefined };
    expect(partnerView(local, demo)).toEqual({ url: fake.url, fake: true });
    expect(configuredPartner(local, demo)).toBeInstanceOf(HttpPartner);

    expect(() => loadConfig({ ...base, OTONOM_URL: 'not a url' })).toThrow();
  });
});
