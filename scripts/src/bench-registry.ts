import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { building } from '@copro/server/db/schema/index';
import { createRecord } from '@copro/server/modules/registry/records';
import { personCollection } from '@copro/server/modules/registry/people';
import { unitCollection } from '@copro/server/modules/registry/units';
import type { RunningServer } from '@copro/server/server';
import { maxRegistryPageSize } from '@copro/domain';
import { sharesOf } from './demo-registry';

export interface RegistryFigures {
  units: number;
  createMs: number;
  /** One page of the units list, as the web's list asks for it (`pageSize` units). */
  pageSize: number;
  listP50Ms: number;
  listP95Ms: number;
  listBytes: number;
  /** CPU of this process (server, embedded database, client) per page request. */
  pageCpuMs: number;
  /** The same for a search through the whole list (a linked person's name), one page of answers. */
  searchCpuMs: number;
  /** Every unit, through pages of the largest size, as a picker reads them: CPU and bytes in all. */
  wholeListCpuMs: number;
  wholeListBytes: number;
  voteSharesSaveMs: number;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Issue 4 "lists stay fast with 1,000 units" and issue 14 "paged lists": adds 1,000 units, each
 * with an owner, to a demo building, then times a page of the units list as the web's list asks
 * for it (time, bytes, CPU), a search, reading every unit as a picker does, and one save of every
 * vote share.
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
  const get = async (query: string) => {
    const res = await fetch(`${url}?${query}`, { headers: { cookie } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET units?${query} answered ${res.status}`);
    return body;
  };
  /** CPU per request of this process, over `runs` requests one after the other. */
  const cpuPer = async (query: string, runs = 30) => {
    for (let i = 0; i < 5; i += 1) await get(query);
    const before = process.cpuUsage();
    for (let i = 0; i < runs; i += 1) await get(query);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / runs;
  };
  const pageSize = 50;
  // The pages of a scrolled list: the first, and further down (the offset costs too).
  const pageQuery = (i: number) => `pageSize=${pageSize}&page=${1 + (i % 5) * 4}&liveOnly=true`;
  const latencies: number[] = [];
  let listBytes = 0;
  for (let i = 0; i < 30; i += 1) {
    const r0 = performance.now();
    listBytes = (await get(pageQuery(i))).byteLength;
    latencies.push(performance.now() - r0);
  }
  latencies.sort((a, b) => a - b);
  const pageCpuMs = await cpuPer(`pageSize=${pageSize}&liveOnly=true`);
  const searchCpuMs = await cpuPer(`pageSize=${pageSize}&q=${encodeURIComponent('bench 99')}`);
  const w0 = process.cpuUsage();
  const units: { uuid: string; number: string }[] = [];
  let wholeListBytes = 0;
  let total = Infinity;
  for (let page = 1; units.length < total; page += 1) {
    const body = await get(`pageSize=${maxRegistryPageSize}&page=${page}`);
    wholeListBytes += body.byteLength;
    const answer = JSON.parse(Buffer.from(body).toString()) as {
      items: { uuid: string; number: string }[];
      total: number;
    };
    units.push(...answer.items);
    total = answer.total;
    if (answer.items.length === 0) break;
  }
  const whole = process.cpuUsage(w0);
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
    pageSize,
    listP50Ms: quantile(latencies, 0.5),
    listP95Ms: quantile(latencies, 0.95),
    listBytes,
    pageCpuMs,
    searchCpuMs,
    wholeListCpuMs: (whole.user + whole.system) / 1000,
    wholeListBytes,
    voteSharesSaveMs: performance.now() - v0,
  };
}
