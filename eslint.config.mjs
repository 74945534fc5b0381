import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import rules that keep the layers one-way (DESIGN.md §2). Two mechanisms, chosen so that no config block can
 * replace another's rule for the same file (flat config keeps only the LAST setting of a rule for a file):
 * - the app's layers and the package bans are `no-restricted-imports` on import strings; each file group below gets
 *   exactly one block, its groups are disjoint, and server-wide bans are merged into the module blocks;
 * - the server's layers are `import-x/no-restricted-paths` zones on resolved files (one rule, all zones together),
 *   so `./repository`, `../accounts/repository` and `./repository.ts` are the same import.
 * test/tooling/eslint-rules.test.ts lints a violating file for every rule, so a rule that stops running fails a test.
 */
const ban = (group, message) => ({ group, message });
const layer = (files, bans, paths = [], ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { paths, patterns: bans }] },
});

const SERVER_NO_APP = ban(['@tarojs/*', 'react', 'react-dom', 'mobx*'], 'The server never imports the app.');
const MODULE = 'server/src/modules/*';
const zone = (target, from, message) => ({ target, from, message });
/** Every module folder (server/src/modules/<name>/), read when ESLint starts, so a new module is covered at once. */
const MODULE_NAMES = fs
  .readdirSync(path.join(import.meta.dirname, 'server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_ZONES = [
  zone(
    `${MODULE}/repository.ts`,
    [`${MODULE}/service.ts`, `${MODULE}/routes.ts`, 'server/src/plugins/**', 'server/src/integrations/**'],
    'Repositories hold only SQL (DESIGN.md §2: routes -> service -> repository -> db).',
  ),
  zone(
    `${MODULE}/service.ts`,
    [`${MODULE}/routes.ts`, 'server/src/plugins/**'],
    'Services hold the rules; HTTP lives in the routes (DESIGN.md §2).',
  ),
  zone(
    `${MODULE}/routes.ts`,
    [`${MODULE}/repository.ts`, 'server/src/integrations/**'],
    'Routes call the service only; integrations are called by services (DESIGN.md §2).',
  ),
  // Modules meet through services: another module's repository is its own business (zones cannot say "another",
  // so one zone per module).
  ...MODULE_NAMES.map((name) =>
    zone(
      `server/src/modules/${name}/**`,
      MODULE_NAMES.filter((other) => other !== name).map((other) => `server/src/modules/${other}/repository.ts`),
      "A module reaches another module through that module's service or its rows.ts (row types), never its " +
        'repository.ts (DESIGN.md §2).',
    ),
  ),
  // Below the modules: db/ (Kysely, migrations, tables) and the plugins know no module; the seed, which writes through
  // module repositories, sits above them (server/src/seed), and modules reach plugins/app (envelope, auth, cached
  // answers), never plugins/external.
  zone(
    'server/src/db/**',
    [`${MODULE}/**`, 'server/src/seed/**', 'server/src/plugins/**', 'server/src/integrations/**'],
    'db/ is the bottom layer: it imports no module, seed, plugin or integration (DESIGN.md §2).',
  ),
  zone(
    'server/src/plugins/**',
    [`${MODULE}/**`, 'server/src/seed/**'],
    'Plugins sit below the modules: modules use plugins, never the reverse (DESIGN.md §2).',
  ),
  zone(
    `${MODULE}/**`,
    ['server/src/plugins/external/**', 'server/src/seed/**'],
    'Modules use the app plugins (plugins/app) only; external plugins and the seed are wired by app.ts and main.ts.',
  ),
  // The route table is data both sides read (the server's history fallback answers the app's paths).
  {
    target: 'server/**',
    from: 'src',
    except: ['./route-table.json'],
    message: 'The server never imports the app; the shared contract is types/.',
  },
  zone('src/**', ['server/**'], 'The app reaches the server over HTTP only; the shared contract is types/.'),
  // The payment stand-ins play the providers in tests and demos: never part of the server bundle, and written on
  // their own from the providers' protocols (sharing our client's code would hide a mistake made on both sides).
  zone('server/**', ['standins/**'], 'The payment stand-ins are test and demo tools, never part of the server.'),
  zone('standins/**', ['server/**'], 'A stand-in speaks the provider’s protocol on its own; it shares no server code.'),
  zone('types/**', ['src/**', 'server/**', 'test/**'], 'types/ is the contract: it imports nothing of either side.'),
];

/** Screens may use Taro's page lifecycle hooks; platform APIs go through the adapter. */
const TARO_HOOKS_ONLY = [
  {
    name: '@tarojs/taro',
    allowImportNames: [
      'useDidShow',
      'useDidHide',
      'useLoad',
      'useReady',
      'usePullDownRefresh',
      'useReachBottom',
      'useShareAppMessage',
      'useShareTimeline',
      'useRouter',
    ],
    message: 'Screens use Taro lifecycle hooks only; platform APIs go through the platform adapter (DESIGN.md §3).',
  },
];

/**
 * The API calls that write (every POST of src/services): screens and components make them only through store actions
 * (cart, checkout, address book, session, payment, pop-ups). Reads (GET) may stay in screens, as useLoad over api.*.
 * test/tooling/eslint-rules.test.ts checks every POST of src/services is listed here.
 */
const API_WRITES = [
  'reg',
  'login',
  'wxMiniLogin',
  'wxPublicLogin',
  'logout',
  'resetPwdSms',
  'saveNewPwd',
  'save',
  'remove',
  'setDefault',
  'add',
  'edit',
  'seePopup',
  'confirm',
  'submit',
  'pay',
  'cancel',
  'reorder',
  'accept',
  'reject',
  'advance',
  'collect',
  'ready',
  'ticket',
  'soldOut',
  'busy',
  'closed',
  'invite',
  'removeMember',
  'grant',
];
const writeOn = (api) =>
  `MemberExpression[object.type='MemberExpression'][${api}][property.name=/^(${API_WRITES.join('|')})$/]`;
const NO_API_WRITES = [
  'error',
  ...[writeOn("object.object.name='api'"), writeOn("object.object.property.name='api'")].map((selector) => ({
    selector,
    message:
      'Screens reach platform and API through the stores: a write (a POST of the API) is a store action (cart, checkout, address book, session, payment); screens may read with api.* (DESIGN.md §2).',
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', '**/dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.swc/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // screens -> components | stores | i18n | utils; never the platform or the services directly.
  layer(
    ['src/screens/**'],
    [
      ban(
        ['**/platform', '**/platform/*', '**/services', '**/services/*'],
        'Screens reach platform and API through the stores (DESIGN.md §2).',
      ),
    ],
    TARO_HOOKS_ONLY,
  ),
  { files: ['src/screens/**', 'src/components/**'], rules: { 'no-restricted-syntax': NO_API_WRITES } },
  layer(
    ['src/components/**'],
    [
      ban(
        ['**/platform', '**/platform/*', '**/services', '**/services/*', '**/screens/*'],
        'Components reach platform and API through the stores and never import screens (DESIGN.md §2).',
      ),
    ],
    TARO_HOOKS_ONLY,
  ),
  // stores -> services | platform; never UI.
  layer(
    ['src/stores/**'],
    [
      ban(
        ['**/screens/*', '**/components/*', '@tarojs/taro', '@tarojs/components'],
        'Stores know nothing of UI or Taro; they use the platform adapter (DESIGN.md §2).',
      ),
    ],
  ),
  // services -> platform | types; only http.ts talks to the platform's request.
  layer(
    ['src/services/**'],
    [
      ban(
        ['**/stores', '**/stores/*', '**/screens/*', '**/components/*', '**/i18n', '@tarojs/*'],
        'Services use only the platform adapter and the API contract (DESIGN.md §2).',
      ),
    ],
  ),
  // platform -> @tarojs/taro only.
  layer(
    ['src/platform/**'],
    [
      ban(
        ['**/stores', '**/stores/*', '**/services', '**/services/*', '**/screens/*', '**/components/*', '**/i18n'],
        'The platform adapter depends on Taro only (DESIGN.md §2).',
      ),
    ],
  ),
  layer(
    ['src/utils/**', 'src/i18n/**'],
    [
      ban(
        [
          '**/stores',
          '**/stores/*',
          '**/services',
          '**/services/*',
          '**/screens/*',
          '**/components/*',
          '**/platform',
          '**/platform/*',
        ],
        'utils and i18n are leaves (DESIGN.md §2).',
      ),
    ],
  ),
  layer(['types/**'], [ban(['react', '@tarojs/*'], 'types/ is the contract: it imports nothing of either side.')]),
  // Server: routes -> service -> repository -> db; integrations are called by services only. The file layers are
  // zones (SERVER_ZONES); the package bans are here, one block per file group, server-wide bans merged in.
  layer(['server/**'], [SERVER_NO_APP], [], [`${MODULE}/service.ts`, `${MODULE}/routes.ts`]),
  layer(
    [`${MODULE}/service.ts`],
    [
      SERVER_NO_APP,
      ban(
        ['kysely', 'fastify', '@fastify/*'],
        'Services hold the rules; SQL lives in the repository, HTTP in the routes (DESIGN.md §2).',
      ),
    ],
  ),
  layer(
    [`${MODULE}/routes.ts`],
    [SERVER_NO_APP, ban(['kysely'], 'Routes call the service only; SQL lives in the repository (DESIGN.md §2).')],
  ),
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the imported files (for no-cycle) only with these extensions and parsers.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: SERVER_ZONES }],
      // Type-only imports are erased at build time and do not count as a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
