import path from 'node:path';

/**
 * DESIGN 4: an area exposes what others may use through its `index.ts`, and no area reads another
 * area's tables. Areas are the folders directly under `apps/server/src/modules/` and
 * `apps/web/src/modules/` (docs/architecture.md has the map).
 *
 * - `cross-area`: an import from another area must name that area's folder (its `index.ts`),
 *   never a file inside it. The app shell, `ui/`, `platform/` and `db/` are not areas.
 * - `foreign-table`: a server area imports from `db/schema` only the tables it owns (the
 *   `tables` option: table name → owning area, `platform` for tables any area may use).
 */
const areaRoots = ['apps/server/src/modules/', 'apps/web/src/modules/'];

/** The area of a file and the root its area lives under, or null outside any area. */
function areaOf(file) {
  const normalized = file.split(path.sep).join('/');
  for (const root of areaRoots) {
    const at = normalized.indexOf(root);
    if (at === -1) continue;
    const rest = normalized.slice(at + root.length);
    const slash = rest.indexOf('/');
    // A file directly under modules/ (the list of modules itself) belongs to no area.
    if (slash === -1) return null;
    return { root: normalized.slice(0, at + root.length), area: rest.slice(0, slash), rest };
  }
  return null;
}

const crossArea = {
  meta: {
    type: 'problem',
    messages: {
      deep: "'{{spec}}' reaches inside the {{area}} area: import what it exposes from its index.ts ('{{index}}').",
    },
    schema: [],
  },
  create(context) {
    const from = areaOf(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      const to = areaOf(target);
      if (!to || (from && from.area === to.area)) return;
      // Test fixtures are shared by tests of any area and never shipped.
      if (/(^|\/)test-[^/]*$|\.test\.tsx?$/.test(to.rest.replace(/\.tsx?$/, ''))) return;
      // The area's folder itself resolves to its index.ts.
      if (to.rest === `${to.area}/index` || to.rest === `${to.area}/index.ts` || !to.rest.includes('/'))
        return;
      if (to.rest === `${to.area}`) return;
      const index = path.relative(path.dirname(context.filename), `${to.root}${to.area}`);
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { spec, area: to.area, index: index.startsWith('.') ? index : `./${index}` },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const foreignTable = {
  meta: {
    type: 'problem',
    messages: {
      foreign:
        "The table '{{table}}' belongs to the {{owner}} area: use what {{owner}} exposes from its index.ts.",
      unknown: "The table '{{table}}' has no owner in eslint.config.js: name its area.",
    },
    schema: [{ type: 'object', additionalProperties: { type: 'string' } }],
  },
  create(context) {
    const tables = context.options[0] ?? {};
    const from = areaOf(context.filename);
    // Tests may look at any table to check what a write left behind; test fixtures likewise.
    if (!from || !from.root.includes('apps/server/') || /(^|\/)test-[^/]*$|\.test\.ts$/.test(from.rest))
      return {};
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !/(^|\/)db\/schema(\/|$)/.test(spec)) return;
        // Row types describe data; only reading or writing a table crosses the boundary.
        if (node.importKind === 'type') return;
        for (const s of node.specifiers) {
          if (s.type !== 'ImportSpecifier' || s.importKind === 'type') continue;
          const table = s.imported.name;
          const owner = tables[table];
          if (owner === undefined) {
            context.report({ node: s, messageId: 'unknown', data: { table } });
          } else if (owner !== 'platform' && owner !== from.area) {
            context.report({ node: s, messageId: 'foreign', data: { table, owner } });
          }
        }
      },
    };
  },
};

export default { rules: { 'cross-area': crossArea, 'foreign-table': foreignTable } };
