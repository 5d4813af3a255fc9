import { afterAll, beforeAll, it } from 'vitest';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

it('debug people page', async () => {
  const { context, page } = await newPage(e);
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('response', (r) => { if (r.url().includes('/api/')) console.log('resp', r.status(), r.url()); });
  await signInAs(page, 'admin@example.com');
  await page.request.put('/api/session/language', { data: { language: 'en' } });
  await page.goto(`/building/${jardins.ref}/people/info`);
  await page.getByRole('button', { name: 'New person' }).click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/lists/people-new.png', fullPage: true });
  console.log(await page.locator('body').innerText());
  await context.close();
});
