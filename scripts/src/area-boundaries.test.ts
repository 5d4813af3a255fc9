import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration refuses what docs/architecture.md "Areas" forbids. */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('area boundaries', () => {
  it('refuses an import reaching inside another area, and accepts its index', async () => {
    const file = 'apps/server/src/modules/receivables/boundary-probe.ts';
    expect(await rulesBroken(file, "export { postTransaction } from '../ledger/ledger';\n")).toContain(
      'areas/cross-area',
    );
    expect(await rulesBroken(file, "export { postTransaction } from '../ledger';\n")).toEqual([]);
  });

  it('refuses a web page importing another area’s file', async () => {
    const file = 'apps/web/src/modules/receivables/boundary-probe.ts';
    expect(await rulesBroken(file, "export { useRecords } from '../registry/registry-api';\n")).toContain(
      'areas/cross-area',
    );
  });

  it('refuses another area’s table, and accepts the area’s own', async () => {
    const file = 'apps/server/src/modules/receivables/boundary-probe.ts';
    const ledgerTable =
      "import { subtransaction } from '../../db/schema/index';\nexport const t = subtransaction;\n";
    expect(await rulesBroken(file, ledgerTable)).toContain('areas/foreign-table');
    const ownTable = "import { deposit } from '../../db/schema/index';\nexport const t = deposit;\n";
    expect(await rulesBroken(file, ownTable)).toEqual([]);
  });
});
