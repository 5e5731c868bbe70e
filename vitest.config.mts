import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './tools/workspace-aliases.mts';

const nodeProject = (root: string, name: string, extra: { include?: string[]; testTimeout?: number } = {}) => ({
  resolve: { alias: workspaceAliases() },
  test: {
    name,
    root,
    include: extra.include ?? ['src/**/*.spec.ts'],
    environment: 'node',
    testTimeout: extra.testTimeout ?? 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      nodeProject('libs/contracts', 'contracts'),
      nodeProject('libs/domain', 'domain'),
      nodeProject('libs/event-store', 'event-store'),
      nodeProject('libs/read-store', 'read-store'),
      nodeProject('libs/bus', 'bus'),
      nodeProject('libs/projections', 'projections'),
      nodeProject('libs/platform', 'platform'),
      nodeProject('libs/testing', 'testing'),
      nodeProject('apps/command-api', 'command-api'),
      nodeProject('apps/query-api', 'query-api'),
      nodeProject('apps/dispatch-worker', 'dispatch-worker'),
      nodeProject('apps/embedded', 'embedded', { testTimeout: 60_000 }),
      ...(existsSync('apps/console/vitest.config.mts') ? ['apps/console/vitest.config.mts'] : []),
      nodeProject('e2e', 'e2e', { include: ['**/*.e2e.ts'], testTimeout: 120_000 }),
    ],
  },
});
