import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoBuildings } from '@copro/scripts/demo';
import { building } from '@copro/server/db/schema/index';
import { createRecord } from '@copro/server/modules/registry/records';
import { personCollection } from '@copro/server/modules/registry/people';
import { unitCollection } from '@copro/server/modules/registry/units';
import { type E2E, newPage, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
beforeAll(async () => {
  e = await startE2E();
  const db = e.server.platform.db;
  const [b] = await db.select().from(building).where(eq(building.ref, jardins.ref));
  const scope = { buildingId: b!.id, fiscalYear: `${new Date().getUTCFullYear()}-01-01` };
  const source = { kind: 'system' as const, id: 'backend' };
  await db.transaction(async (tx) => {
    for (let i = 0; i < 400; i += 1) {
      const owner = await createRecord(tx, scope, source, personCollection, { lastName: `Bench ${i}`, emails: [`bench${i}@example.net`], phones: [], address: {}, emergencyContact: {}, sharesEmails: false, sharesPhones: false });
      await createRecord(tx, scope, source, unitCollection, { number: String(10_000 + i), voteShare: 0, floor: String(Math.floor(i / 20)), owners: i % 10 === 0 ? [] : [{ personUuid: owner.uuid }], residents: [], proxies: [], parkings: [], lockers: [], automaticPayment: false, noMonthlyFees: false, insurance: {}, waterHeater: {} });
    }
  });
}, 300_000);
afterAll(async () => e?.close());

it('pages the units list as it scrolls', async () => {
  const { context, page } = await newPage(e);
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/units?')) asked.push(new URL(r.url()).search); });
  await signInAs(page, 'admin@example.com');
  await page.request.put('/api/session/language', { data: { language: 'en' } });
  await page.goto(`/building/${jardins.ref}/units/info`);
  const list = page.getByRole('listbox', { name: 'Units' });
  await list.getByRole('option').first().waitFor();
  await page.getByText('424 records').waitFor();
  await page.screenshot({ path: '/tmp/lists/units-top.png' });
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/lists/units-bottom-wait.png' });
  console.log('ASKED', asked.join(' | '));
  console.log('OPTIONS', (await list.getByRole('option').allInnerTexts()).join(' / '));
  await list.getByRole('option', { name: /Unit 10399/ }).waitFor();
  await page.screenshot({ path: '/tmp/lists/units-bottom.png' });
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/lists/units-middle-early.png' });
  await page.waitForTimeout(2000);
  console.log('MIDDLE', (await list.getByRole('option').evaluateAll((els) => els.map((el) => el.textContent))).join(' / '));
  console.log('ASKED2', asked.join(' | '));
  await page.screenshot({ path: '/tmp/lists/units-middle-late.png' });
  await list.getByRole('option', { name: /Unit 10199|Unit 102\d\d/ }).first().waitFor();
  await page.getByRole('textbox', { name: 'Search' }).fill('bench 12');
  await page.getByText('10 records').waitFor();
  await page.screenshot({ path: '/tmp/lists/units-search.png' });
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByText('No owner', { exact: true }).click();
  await page.getByText('40 records').waitFor();
  await list.getByRole('option').first().click();
  await page.getByRole('heading', { name: /Unit 10000/ }).waitFor();
  await page.screenshot({ path: '/tmp/lists/units-noowner.png' });
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('heading', { name: /Unit 10010/ }).waitFor();
  console.log(asked.join('\n'));
  expect(asked.length).toBeLessThan(30);
  await context.close();
});
