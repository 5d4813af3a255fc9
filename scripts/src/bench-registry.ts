import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { building } from '@copro/server/db/schema/index';
import { createRecord } from '@copro/server/modules/registry/records';
import { personCollection } from '@copro/server/modules/registry/people';
import { unitCollection } from '@copro/server/modules/registry/units';
import type { RunningServer } from '@copro/server/server';
import { sharesOf } from './demo-registry';

export interface RegistryFigures {
  units: number;
  createMs: number;
  listP50Ms: number;
  listP95Ms: number;
  listBytes: number;
  voteSharesSaveMs: number;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Issue 4 "lists stay fast with 1,000 units": adds 1,000 units, each with an owner, to a demo
 * building, then times the units list the registry pages load and one save of every vote share.
 */
export async function benchRegistry(
  server: RunningServer,
  buildingRef: string,
  cookie: string,
  count = 1000,
): Promise<RegistryFigures> {
  const { platform, address } = server;
  const [b] = await platform.db.select().from(building).where(eq(building.ref, buildingRef));
  if (!b) throw new Error(`no building ${buildingRef}`);
  const fiscalYear = `${new Date().getUTCFullYear()}-01-01`;
  const scope = { buildingId: b.id, fiscalYear };
  const source = { kind: 'system' as const, id: 'backend' };
  const shares = sharesOf(Array.from({ length: count }, (_, i) => 1 + (i % 7) / 10));
  const c0 = performance.now();
  await platform.db.transaction(async (tx) => {
    for (let i = 0; i < count; i += 1) {
      const owner = await createRecord(tx, scope, source, personCollection, {
        lastName: `Bench ${i}`,
        emails: [`bench${i}@example.net`],
        phones: [],
        address: {},
        emergencyContact: {},
        sharesEmails: false,
        sharesPhones: false,
      });
      await createRecord(tx, scope, source, unitCollection, {
        number: String(10_000 + i),
        voteShare: 0,
        floor: String(Math.floor(i / 20)),
        owners: [{ personUuid: owner.uuid }],
        residents: [],
        proxies: [],
        parkings: [],
        lockers: [],
        automaticPayment: false,
        noMonthlyFees: false,
        insurance: {},
        waterHeater: {},
      });
    }
  });
  const createMs = performance.now() - c0;
  const url = `${address}/api/buildings/${buildingRef}/fiscal-years/${fiscalYear}/units`;
  const latencies: number[] = [];
  let listBytes = 0;
  for (let i = 0; i < 30; i += 1) {
    const r0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET units answered ${res.status}`);
    latencies.push(performance.now() - r0);
    listBytes = body.byteLength;
  }
  latencies.sort((a, b) => a - b);
  const units = (await (await fetch(url, { headers: { cookie } })).json()) as {
    uuid: string;
    number: string;
  }[];
  const benchUnits = units.filter((u) => Number(u.number) >= 10_000);
  const others = units.filter((u) => Number(u.number) < 10_000);
  const v0 = performance.now();
  const save = await fetch(`${address}/api/buildings/${buildingRef}/fiscal-years/${fiscalYear}/vote-shares`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      units: [
        ...benchUnits.map((u) => ({ uuid: u.uuid, voteShare: shares[Number(u.number) - 10_000] ?? 0 })),
        ...others.map((u) => ({ uuid: u.uuid, voteShare: 0 })),
      ],
      parkings: [],
      lockers: [],
    }),
  });
  if (save.status !== 200) throw new Error(`PUT vote-shares answered ${save.status}: ${await save.text()}`);
  return {
    units: units.length,
    createMs,
    listP50Ms: quantile(latencies, 0.5),
    listP95Ms: quantile(latencies, 0.95),
    listBytes,
    voteSharesSaveMs: performance.now() - v0,
  };
}
