import { statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * One feature's code never reaches into another feature's folder (docs/decisions.md, "Boundaries").
 * Nx tags see projects, not folders, so this rule looks at relative imports inside one project: a file in
 * `<root>/<feature>/` may import its own feature, the root's shared folders and anything outside the root,
 * never `<root>/<other-feature>/`. Files directly in `<root>` (modules, index, main) compose features and
 * are not checked.
 *
 * Options: `{ roots: [{ root: 'apps/command-api/src', shared: ['shared'], composition: ['seed'] }] }`,
 * roots relative to the working directory ESLint runs in (the repository root). A `composition` folder
 * composes features as the root's modules do (the demo seeder sends other features' commands): it is
 * not checked, and no feature may import it.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid importing another feature's folder" },
    schema: [
      {
        type: 'object',
        properties: {
          roots: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                root: { type: 'string' },
                shared: { type: 'array', items: { type: 'string' } },
                composition: { type: 'array', items: { type: 'string' } },
              },
              required: ['root'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      reach:
        "'{{from}}' reaches into the '{{to}}' feature ({{source}}): share through libs/contracts or libs/domain, or move what both use to {{shared}}.",
    },
  },
  create(context) {
    const roots = context.options[0]?.roots ?? [];
    const file = relative(context.cwd, context.filename).split(sep).join('/');
    const isFolder = (path) => statSync(join(context.cwd, path), { throwIfNoEntry: false })?.isDirectory() ?? false;
    // The feature a path belongs to: the first folder under its root (null for a file directly in the root).
    const place = (path) => {
      for (const { root, shared = [], composition = [] } of roots) {
        if (!path.startsWith(`${root}/`)) continue;
        const first = path.slice(root.length + 1).split('/')[0];
        return { root, shared, composition, feature: isFolder(`${root}/${first}`) ? first : null };
      }
      return null;
    };
    const from = place(file);
    if (!from || from.feature === null || from.shared.includes(from.feature) || from.composition.includes(from.feature)) return {};

    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(context.cwd, resolve(dirname(context.filename), source)).split(sep).join('/');
      const to = place(target);
      if (!to || to.root !== from.root || to.feature === null) return;
      if (to.feature === from.feature || from.shared.includes(to.feature)) return;
      const shared = from.shared.length ? from.shared.map((s) => `${from.root}/${s}/`).join(' or ') : `a folder outside ${from.root}/`;
      context.report({ node: node.source, messageId: 'reach', data: { from: from.feature, to: to.feature, source, shared } });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
