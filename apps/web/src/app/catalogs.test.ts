import { describe, expect, it } from 'vitest';
import { catalogs } from '@copro/domain';
import { hasKey, loadCatalog, loadedCatalog, translate } from './catalogs';

describe("the web's catalogs, one language at a time", () => {
  it('holds no language until asked, then only that one', async () => {
    expect(loadedCatalog('fr')).toBeUndefined();
    expect(translate('fr', 'nav.dashboard')).toBe('nav.dashboard');
    await loadCatalog('fr');
    expect(loadedCatalog('en')).toBeUndefined();
    expect(translate('fr', 'nav.dashboard')).toBe(catalogs.fr.nav.dashboard);
    expect(translate('fr', 'transactions.accountNumber', { aid: 7 })).toContain('7');
    expect(hasKey('fr', 'nav.dashboard')).toBe(true);
    expect(hasKey('en', 'nav.dashboard')).toBe(false);
  });

  it("gives exactly the server's catalog for each language: every part, merged alike", async () => {
    expect(await loadCatalog('en')).toEqual(catalogs.en);
    expect(await loadCatalog('fr')).toEqual(catalogs.fr);
  });
});
