import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuildings } from '@copro/scripts/demo';
import { newPage, signInAs, startE2E, type E2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

describe('the content security policy', () => {
  it('lets the built app run and draw its pages, with nothing refused', async () => {
    const { context, page } = await newPage(e);
    // Every refusal of the policy is recorded, from the first script on. (Browser code as text:
    // the e2e project has no DOM types.)
    await context.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const violations = () => page.evaluate<string[]>('window.cspViolations');

    const signin = await page.goto('/signin');
    expect(signin?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInAs(page, 'admin@example.com');
    for (const path of ['units/info', 'admin/building', 'payments/deposits']) {
      await page.goto(`/building/${jardins.ref}/${path}`);
      // The page is drawn: its building navigation and its title (in the user's language).
      await page
        .getByRole('navigation', { name: /^(Building navigation|Navigation de l'immeuble)$/ })
        .waitFor();
      await page.locator('main h1, main h2').first().waitFor();
      // Mantine's theme, which it writes in a <style> element, applies.
      const primary = await page.evaluate<string>(
        "getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim()",
      );
      expect(primary, path).not.toBe('');
      expect(await violations(), path).toEqual([]);
    }
    expect(refused).toEqual([]);
    // The OpenAPI viewer runs under the same policy.
    await page.goto('/api/docs');
    await page.getByText('Copro API').first().waitFor();
    expect(await violations(), 'api/docs').toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });
});
