import { resolve } from 'node:path';
import { workspaceAliases } from './tools/workspace-aliases.mjs';

const tool = (file) => resolve(import.meta.dirname, 'tools/jest', file);

/**
 * One Jest run over every project, from TypeScript source (SWC strips the types and keeps Nest's
 * decorator metadata), with `@beacon/*` mapped to each project's `src/index.ts`. `--selectProjects
 * <name>` runs one project; the names are the Nx project names.
 */
const moduleNameMapper = Object.fromEntries(
  Object.entries(workspaceAliases()).map(([name, entry]) => [`^${name}$`, entry]),
);

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: true,
        ...(tsx ? { react: { runtime: 'automatic' } } : {}),
      },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

// Like the fake timers the tests were written for: promises and next ticks stay real.
const fakeTimers = { doNotFake: ['nextTick', 'queueMicrotask'] };

const nodeProject = (root, displayName, { testMatch = ['<rootDir>/src/**/*.spec.ts'], timeout = 60_000 } = {}) => ({
  displayName,
  rootDir: root,
  testMatch,
  testEnvironment: tool('node-environment.cjs'),
  transform: { '^.+\\.tsx?$': swc(false) },
  moduleNameMapper,
  fakeTimers,
  globals: { BEACON_TEST_TIMEOUT: timeout },
  globalSetup: tool('global-setup.ts'),
  setupFilesAfterEnv: [tool('timeout.cjs')],
});

// Nest's FileTypeValidator (uploads judged by their bytes) loads the file-type package, ES modules
// only, with import(); inside a Jest sandbox that needs Node's VM modules. The workers inherit these
// flags, and a memory limit per worker makes Jest always run tests in workers, never in this process.
const NODE_FLAGS = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];
const nodeOptions = (process.env.NODE_OPTIONS ?? '').split(' ').filter(Boolean);
process.env.NODE_OPTIONS = [...nodeOptions, ...NODE_FLAGS.filter((flag) => !nodeOptions.includes(flag))].join(' ');

export default {
  // A worker is replaced after a test file once its heap passes this: the apps the suites start leave memory
  // behind, and a worker that kept them all reached V8's 4 GB limit in CI.
  workerIdleMemoryLimit: '1536MB',
  projects: [
    nodeProject('libs/contracts', 'contracts'),
    nodeProject('libs/domain', 'domain'),
    nodeProject('libs/event-store', 'event-store'),
    nodeProject('libs/read-store', 'read-store'),
    nodeProject('libs/bus', 'bus'),
    nodeProject('libs/file-storage', 'file-storage'),
    nodeProject('libs/projections', 'projections'),
    nodeProject('libs/platform', 'platform'),
    nodeProject('libs/testing', 'testing'),
    nodeProject('apps/command-api', 'command-api'),
    nodeProject('apps/query-api', 'query-api'),
    nodeProject('apps/dispatch-worker', 'dispatch-worker'),
    nodeProject('apps/embedded', 'embedded'),
    {
      displayName: 'console',
      rootDir: 'apps/console',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
      testEnvironment: tool('jsdom-environment.cjs'),
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper,
      fakeTimers,
      globals: { BEACON_TEST_TIMEOUT: 20_000 },
      setupFilesAfterEnv: [tool('timeout.cjs'), '<rootDir>/src/test-setup.ts'],
    },
    nodeProject('e2e', 'e2e', { testMatch: ['<rootDir>/**/*.e2e.ts'], timeout: 120_000 }),
  ],
};
