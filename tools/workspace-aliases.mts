import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Maps every `@beacon/<lib>` import to the library's TypeScript source, so tests and the console never need built libraries. */
export function workspaceAliases(): Record<string, string> {
  const libs = resolve(import.meta.dirname, '..', 'libs');
  const aliases: Record<string, string> = {};
  for (const name of readdirSync(libs)) {
    const entry = join(libs, name, 'src', 'index.ts');
    if (existsSync(entry)) aliases[`@beacon/${name}`] = entry;
  }
  return aliases;
}
