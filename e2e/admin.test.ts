import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuildings } from '@copro/scripts/demo';
import { type E2E, newPage, shot, signInAs, startE2E } from './harness';

let e: E2E;
const [jardins] = demoBuildings;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

describe('admin/building', () => {
  it('saves settings in French: a money amount to the cent, the approvals, and logs "building edited"', async () => {
    const { context, page } = await newPage(e, { locale: 'fr-CA' });
    await signInAs(page, 'admin@example.com');
    await page.goto(`/building/${jardins.ref}/admin/building`);
    await page.getByLabel("Nom de l'immeuble").fill('Les Jardins du Parc — Tour A');
    await page.getByLabel("Seuil d'avertissement de solde bas").fill('1 250,50');
    await page.getByLabel("Courriel de l'immeuble", { exact: true }).fill('pas-un-courriel');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    // Refused with the French message, and nothing is saved.
    await expect.poll(() => page.getByText('Entrez un courriel valide').isVisible()).toBe(true);
    expect(
      (
        (await (await page.request.get(`/api/buildings/${jardins.ref}`)).json()) as {
          building: { name: string };
        }
      ).building.name,
    ).toBe(jardins.name);
    await page.getByLabel("Courriel de l'immeuble", { exact: true }).fill('syndicat@jardins.example.com');
    // SPEC 3: 0 to 4 approvals, offered as a choice of those values.
    await page.getByText('3', { exact: true }).click();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect
      .poll(() => page.getByText("Les paramètres de l'immeuble ont été enregistrés.").isVisible())
      .toBe(true);
    await shot(page, 'admin-building-fr');

    const saved = (await (await page.request.get(`/api/buildings/${jardins.ref}`)).json()) as {
      building: { name: string; lowBalanceWarningThreshold: number; numberOfApprovalsRequired: number };
    };
    expect(saved.building).toMatchObject({
      name: 'Les Jardins du Parc — Tour A',
      lowBalanceWarningThreshold: 125050,
      numberOfApprovalsRequired: 3,
    });
    const logs = (await (await page.request.get(`/api/buildings/${jardins.ref}/logs`)).json()) as {
      event: string;
      changes: { field: string; after: unknown }[];
    }[];
    expect(logs[0]?.event).toBe('buildingEdited');
    expect(logs[0]?.changes.map((c) => c.field).sort()).toEqual([
      'email',
      'lowBalanceWarningThreshold',
      'name',
      'numberOfApprovalsRequired',
    ]);
    await page.request.patch(`/api/buildings/${jardins.ref}`, { data: { name: jardins.name } });
    await context.close();
  });
});

describe('admin/users', () => {
  it('invites a user and changes a role (English)', async () => {
    const { context, page } = await newPage(e);
    await signInAs(page, 'approver-write@example.com');
    await page.goto(`/building/${jardins.ref}/admin/users`);
    const invitee = `new-board-member-${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Owner' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.getByText(`Invitation sent to ${invitee}.`).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: `Cancel the invitation to ${invitee}` }).isVisible())
      .toBe(true);

    await page.getByLabel('Search users').fill('Rémi');
    await page.getByLabel('Role of Rémi Résident').first().selectOption({ label: 'Owner' });
    await expect
      .poll(async () => {
        const users = (await (await page.request.get(`/api/buildings/${jardins.ref}/users`)).json()) as {
          users: { email: string; role: string }[];
        };
        return users.users.find((u) => u.email === 'resident@example.com')?.role;
      })
      .toBe('owner');
    await shot(page, 'admin-users-en');
    await context.close();
  });

  it('is read-only or closed to those without the permission', async () => {
    const { context, page } = await newPage(e);
    await signInAs(page, 'accountant@example.com');
    await page.goto(`/building/${jardins.ref}/admin/users`);
    await expect
      .poll(() =>
        page.getByRole('heading', { name: /^(Missing permission|Permission manquante)$/ }).isVisible(),
      )
      .toBe(true);
    await context.close();
  });
});
