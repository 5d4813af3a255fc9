import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Post, PostDeliveries, PostPage } from '@copro/domain';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;
const building = `/building/${jardins.ref}`;
const api = `/api/buildings/${jardins.ref}`;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

/** Waits until the element is shown, on the page's state, never on time; if it never is, the page is kept as a screenshot. */
async function seen(locator: Locator, timeout = 15_000): Promise<void> {
  try {
    await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
  } catch (error) {
    await shot(locator.page(), 'posts-failure');
    throw error;
  }
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** A one-page PDF, as a notice's attachment would be. */
const noticePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('posts', () => {
  it('a French notice to floor 2 with an attachment, read by the resident of 204 on a phone', async () => {
    const title = "Coupure d'eau au 2e étage";
    const body = "L'eau sera coupée jeudi de 9 h à 12 h pour remplacer une valve.";

    // Alice (admin, French) writes the notice in French only, for floor 2, with the plumber's notice attached.
    const { context: adminContext, page: admin } = await newPage(e, { locale: 'fr-CA' });
    await signInAs(admin, 'admin@example.com');
    await admin.goto(`${building}/posts/new`);
    const titleInput = admin.getByLabel('Titre', { exact: true });
    await seen(titleInput);
    await titleInput.fill(title);
    await admin.locator('.ProseMirror').first().click();
    await admin.keyboard.type(body);
    await admin.getByRole('textbox', { name: 'Destinataires' }).click();
    await admin.getByRole('option', { name: 'Étage 2', exact: true }).click();
    await admin.keyboard.press('Escape');
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'avis-plombier.pdf',
      mimeType: 'application/pdf',
      buffer: noticePdf,
    });
    await shot(admin, 'posts-new-fr-1280');
    await admin.getByRole('button', { name: 'Publier' }).click();
    await admin.waitForURL(/\/posts\/view\//);
    const uuid = admin.url().split('/posts/view/')[1]!.split(/[?#]/)[0]!;

    // The author sees each recipient's delivery: the mail waits in the outbox (no SMTP in tests).
    await seen(admin.getByText('resident@example.com'));
    await shot(admin, 'posts-view-deliveries-fr-1280');
    const deliveries = await getJson<PostDeliveries>(admin, `${api}/posts/${uuid}/deliveries`);
    const resident = deliveries.recipients.find((d) => d.email === 'resident@example.com');
    expect(resident).toMatchObject({ language: 'fr', status: 'pending' });
    expect(resident?.units).toContain('204');
    // Floor 2 is units 201 to 204: the owner of 201 is addressed too, nobody from another floor.
    expect(deliveries.recipients.some((d) => d.email === 'owner@example.com')).toBe(true);
    expect(deliveries.recipients.every((d) => d.units.every((unit) => unit.startsWith('2')))).toBe(true);
    await adminContext.close();

    // Rémi, the resident of 204, reads it on his phone in French and downloads the attachment.
    const { context: residentContext, page: reader } = await newPage(e, { locale: 'fr-CA', width: 390 });
    await signInAs(reader, 'resident@example.com');
    await reader.goto(`${building}/posts`);
    const link = reader.getByRole('link', { name: title });
    await seen(link);
    await shot(reader, 'posts-list-resident-fr-390');
    await link.click();
    await seen(reader.getByText(body));
    const attachment = reader.getByRole('link', { name: 'avis-plombier.pdf' });
    await seen(attachment);
    await shot(reader, 'posts-view-resident-fr-390');
    const href = await attachment.getAttribute('href');
    const file = await reader.request.get(href!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(noticePdf)).toBe(true);

    // He reads only what is addressed to him, and never the deliveries.
    const list = await getJson<PostPage>(reader, `${api}/posts?show=all`);
    expect(list.items.map((p) => p.uuid)).toContain(uuid);
    const view = await getJson<Post>(reader, `${api}/posts/${uuid}`);
    expect(view.texts.fr?.title).toBe(title);
    expect((await reader.request.get(`${api}/posts/${uuid}/deliveries`)).status()).toBe(403);
    await residentContext.close();
  });
});
