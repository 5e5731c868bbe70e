import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Maps every `@beacon/<project>` import to the project's TypeScript source (libs, and apps that
 * export a module), so tests and the console never need built packages; and `@beacon/<project>/testing`
 * to `src/testing/index.ts` where a project has one.
 * @returns {Record<string, string>}
 */
export function workspaceAliases() {
  /** @type {Record<string, string>} */
  const testingEntries = {};
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const folder of ['libs', 'apps']) {
    const root = resolve(import.meta.dirname, '..', folder);
    for (const name of readdirSync(root)) {
      const entry = join(root, name, 'src', 'index.ts');
      if (existsSync(entry)) aliases[`@beacon/${name}`] = entry;
      // A project's test data for other projects' specs (`@beacon/contracts/testing`), never in its index.
      const testing = join(root, name, 'src', 'testing', 'index.ts');
      if (existsSync(testing)) testingEntries[`@beacon/${name}/testing`] = testing;
    }
  }
  // Subpaths first: Vite replaces a matching prefix, so `@beacon/contracts` would also take `@beacon/contracts/testing`.
  return { ...testingEntries, ...aliases };
}
