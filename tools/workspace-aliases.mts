import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Maps every `@beacon/<project>` import to the project's TypeScript source (libs, and apps that
 * export a module), so tests and the console never need built packages.
 */
export function workspaceAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const folder of ['libs', 'apps']) {
    const root = resolve(import.meta.dirname, '..', folder);
    for (const name of readdirSync(root)) {
      const entry = join(root, name, 'src', 'index.ts');
      if (existsSync(entry)) aliases[`@beacon/${name}`] = entry;
    }
  }
  return aliases;
}
