import { builtinModules } from 'node:module';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import beacon from './tools/eslint/feature-boundaries.mjs';

// Boundaries (README "Boundaries", docs/decisions.md "Boundaries"). Every project has tags in its
// project.json; @nx/enforce-module-boundaries checks each import between projects against them:
//   scope:domain     libs/domain                          imports nothing but itself
//   scope:contracts  libs/contracts                       domain
//   type:port        libs/event-store, read-store, bus,   domain, contracts
//                    file-storage, rate-limits
//   type:lib         libs/projections, libs/platform      domain, contracts, ports
//   type:app         apps/command-api, query-api, dispatch-worker (and the console)
//                                                         domain, contracts, ports, libs
//   scope:console    apps/console                         domain, contracts
//   type:host        apps/embedded                        what an app may, and the apps' modules
//   type:testing     libs/testing                         domain, contracts; used by test files only
//   type:e2e, type:tools  e2e/, tools/                    everything (they drive the built product)
const DOMAIN = 'scope:domain';
const CONTRACTS = 'scope:contracts';
const CORE = [DOMAIN, CONTRACTS];

// Only ports talk to databases and brokers; apps get them injected.
const DRIVERS = ['better-sqlite3', 'mongodb', 'kafkajs', '@eventstore/*'];
// The console runs in a browser: no server framework or driver, even through a shared file.
const SERVER_PACKAGES = [
  ...DRIVERS,
  '@nestjs/*',
  '@node-rs/*',
  'express',
  'helmet',
  'mingo',
  'rate-limiter-flexible',
  'reflect-metadata',
  'socket.io',
];

/** The constraints for production code, or (`tests`) for test code, which may also use libs/testing and drivers. */
function depConstraints({ tests }) {
  const testing = tests ? ['type:testing'] : [];
  const testRunner = tests ? ['@jest/globals'] : [];
  return [
    // Pure decisions and rules: no I/O, no Nest, and no third-party package but pure rule data
    // (libphonenumber-js: the world's numbering plans, for the phone fields' E.164 numbers;
    // date-holidays: public holidays per country and region as bundled data, no I/O, for the
    // message builder's holiday checks). Its tests may also ask sms-segments-calculator for a
    // second opinion on SMS part counts.
    {
      sourceTag: DOMAIN,
      onlyDependOnLibsWithTags: [DOMAIN],
      allowedExternalImports: ['libphonenumber-js', 'date-holidays', ...testRunner, ...(tests ? ['sms-segments-calculator'] : [])],
    },
    // Shared with the browser: types, the route table, and zod schemas for the API.
    { sourceTag: CONTRACTS, onlyDependOnLibsWithTags: CORE, allowedExternalImports: ['zod', 'zod/*', ...testRunner] },
    { sourceTag: 'type:port', onlyDependOnLibsWithTags: [...CORE, ...testing] },
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: [...CORE, 'type:port', ...testing] },
    {
      sourceTag: 'type:app',
      onlyDependOnLibsWithTags: [...CORE, 'type:port', 'type:lib', ...testing],
      bannedExternalImports: tests ? [] : DRIVERS,
    },
    // The console is also type:app; both constraints apply, so it gets domain and contracts only.
    { sourceTag: 'scope:console', onlyDependOnLibsWithTags: CORE, bannedExternalImports: SERVER_PACKAGES },
    // Imports of the apps themselves are refused by the rule whatever the tags ("Imports of apps are
    // forbidden"); the host's composition root and tests are let through with `allow` below.
    {
      sourceTag: 'type:host',
      onlyDependOnLibsWithTags: [...CORE, 'type:port', 'type:lib', 'type:app', ...testing],
      bannedExternalImports: tests ? [] : DRIVERS,
    },
    // libs/testing finds production servers for the ports' own specs, so it must not import a port (cycle).
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: CORE },
    { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: [...CORE, 'type:port', 'type:lib', 'type:app', 'type:testing'] },
    { sourceTag: 'type:tools', onlyDependOnLibsWithTags: [...CORE, 'type:port', 'type:lib', 'type:app', 'type:testing'] },
  ];
}

/** The apps export their Nest modules (and, for tests, demo data and commands) from their index. */
const APP_PACKAGES = ['@beacon/command-api', '@beacon/query-api', '@beacon/dispatch-worker'];

const boundaries = ({ tests, allow = [] }) => ({
  '@nx/enforce-module-boundaries': ['error', { allow, depConstraints: depConstraints({ tests }) }],
});

// Test code: specs, port contract suites, test helpers (any `testing/` folder), the console's test setup.
// Production builds exclude the same files (tsconfig.build.json).
const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.spec.tsx',
  '**/*.contract.ts',
  '**/testing/**',
  'apps/console/src/test-setup.ts',
  'e2e/**',
];

// Files that choose adapters: process entry points (each app's main.ts, query-api's rebuild command),
// the embedded host and Nest modules (platform's infrastructure module is the one that does today).
const COMPOSITION_ROOTS = ['apps/*/src/main.ts', 'apps/query-api/src/rebuild.ts', 'apps/embedded/src/embedded-app.ts', '**/*.module.ts'];

const adapters = (name, importNames) => ({
  name,
  importNames,
  allowTypeImports: true,
  message: 'Adapters are chosen by composition roots (main.ts, embedded-app.ts, *.module.ts); inject the port instead.',
});

// Every production file: a project is used through its package's index, and test code stays out.
const productionImports = {
  paths: [],
  patterns: [
    { regex: '^@beacon/[^/]+/', message: "Import the project's package (its index), not a file inside it." },
    { regex: '^\\.{1,2}/(.*/)?testing(/|$)', message: 'Production code does not import test helpers.' },
    { regex: '\\.(spec|contract)$', message: 'Production code does not import tests or contract suites.' },
  ],
};

const adapterImports = [
  adapters('@beacon/event-store', ['SqliteEventStore', 'EventStoreDbEventStore', 'createEventStore']),
  adapters('@beacon/read-store', ['SqliteReadStore', 'MongoReadStore', 'createReadStore']),
  adapters('@beacon/bus', ['SqliteBus', 'KafkaBus', 'createBus']),
  adapters('@beacon/file-storage', ['DiskFileStorage', 'createFileStorage']),
  adapters('@beacon/rate-limits', ['createRateLimitStore']),
];

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

// Where features live, for the feature-folder rule (tools/eslint/feature-boundaries.mjs), on in every
// root: no feature imports another feature's folder (docs/decisions.md, "Boundaries"). The demo seeder and
// the platform's provisioning of organisations compose other features' commands, as the modules do.
const FEATURE_ROOTS = [
  { root: 'apps/command-api/src', shared: ['shared'], composition: ['seed', 'organisations'] },
  { root: 'apps/query-api/src', shared: ['shared'] },
  { root: 'apps/console/src/features' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    plugins: { '@nx': nx, beacon },
    rules: {
      ...boundaries({ tests: false }),
      'beacon/feature-boundaries': ['off', { roots: FEATURE_ROOTS }],
    },
  },
  { files: TEST_FILES, rules: boundaries({ tests: true }) },
  {
    files: FEATURE_ROOTS.map(({ root }) => `${root}/**/*.{ts,tsx}`),
    rules: { 'beacon/feature-boundaries': ['error', { roots: FEATURE_ROOTS }] },
  },
  // The host composes the three apps' Nest modules; its tests use their demo data and commands.
  { files: ['apps/embedded/src/embedded-app.ts'], rules: boundaries({ tests: false, allow: APP_PACKAGES }) },
  {
    files: ['apps/embedded/src/**/*.spec.ts', 'apps/embedded/src/testing/**', 'e2e/**', 'tools/**'],
    rules: boundaries({ tests: true, allow: APP_PACKAGES }),
  },
  // Jest's environments and hooks: CommonJS, loaded by Jest itself; the global setup runs outside the
  // test sandboxes (no @beacon/* mapping there), so it imports libs/testing's source by path.
  {
    files: ['tools/jest/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      ...boundaries({ tests: true, allow: ['../../libs/testing/src/docker-engine'] }),
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // Build configuration shares the workspace aliases with jest.config.mjs; it is not project code.
  { files: ['apps/console/vite.config.mts'], rules: boundaries({ tests: true, allow: ['../../tools/workspace-aliases.mjs'] }) },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', productionImports] },
  },
  {
    files: ['apps/{command-api,query-api,dispatch-worker,embedded}/src/**/*.ts', 'libs/{platform,projections}/src/**/*.ts'],
    ignores: [...TEST_FILES, ...COMPOSITION_ROOTS],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { ...productionImports, paths: adapterImports }],
    },
  },
  // The domain decides from what it is given: no I/O, and the time comes in with the command.
  {
    files: ['libs/domain/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...productionImports,
          paths: nodeBuiltins.map((name) => ({ name, message: 'The domain does no I/O.' })),
          patterns: [...productionImports.patterns, { regex: '^node:', message: 'The domain does no I/O.' }],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The time comes in with the command (acceptedAt).' },
        { object: 'Math', property: 'random', message: 'Ids and randomness come in with the command.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The time comes in with the command (acceptedAt).' },
      ],
    },
  },
);
