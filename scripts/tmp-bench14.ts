// Throwaway runner for issue 14 (billing and penalties at scale); deleted after measuring.
import { openDatabase } from '@copro/server/db/client';
import { benchBudget, benchBilling20k } from './src/bench-budget';
import { benchPenalties20k } from './src/bench-money-in';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const what = process.argv[2] ?? 'all';
const url = process.env.BENCH_URL;
const units = Number(process.env.UNITS ?? 20000);
const dataDir = url ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'b14-'));
const database = await openDatabase({ url, dataDir });
const label = url ? 'PostgreSQL' : 'PGlite';
try {
  if (what === 'all' || what === 'billing')
    console.log(label, 'billing', JSON.stringify(await benchBilling20k(database.db, units)));
  if (what === 'all' || what === 'penalties')
    console.log(label, 'penalties', JSON.stringify(await benchPenalties20k(database.db, units)));
  if (what === 'all' || what === 'small') {
    const f = await benchBudget(database.db, { units: 20, spaces: 10, buildings: 200, perBuilding: 100 });
    console.log(label, '200x100', JSON.stringify({ fees: f.billTransactions, ms: f.billMs, cpuMs: f.billCpuMs, peak: f.billPeakRssMb }));
  }
} finally {
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
