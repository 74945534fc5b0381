import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import rules that keep the layers one-way (DESIGN.md §2). */
const layer = (files, forbidden, message, paths = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { paths, patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

/** Pages may use Taro's page lifecycle hooks; platform APIs go through the adapter. */
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
      'useRouter',
    ],
    message: 'Pages use Taro lifecycle hooks only; platform APIs go through the platform adapter (DESIGN.md §3).',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.swc/**', 'bench/results/**'] },
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
  // pages -> components | stores | i18n | utils; never the platform or the services directly.
  layer(
    ['src/pages/**', 'src/subpages/**', 'src/account/**', 'src/discover/**'],
    ['**/platform', '**/platform/*', '**/services', '**/services/*'],
    'Pages reach platform and API through the stores (DESIGN.md §2).',
    TARO_HOOKS_ONLY,
  ),
  layer(
    ['src/components/**'],
    ['**/platform', '**/platform/*', '**/services', '**/services/*', '**/pages/*', '**/subpages/*'],
    'Components reach platform and API through the stores and never import pages (DESIGN.md §2).',
    TARO_HOOKS_ONLY,
  ),
  // stores -> services | platform; never UI.
  layer(
    ['src/stores/**'],
    ['**/pages/*', '**/subpages/*', '**/components/*', '@tarojs/taro', '@tarojs/components'],
    'Stores know nothing of UI or Taro; they use the platform adapter (DESIGN.md §2).',
  ),
  // services -> platform | types; only http.ts talks to the platform's request.
  layer(
    ['src/services/**'],
    ['**/stores', '**/stores/*', '**/pages/*', '**/subpages/*', '**/components/*', '**/i18n', '@tarojs/*'],
    'Services use only the platform adapter and the API contract (DESIGN.md §2).',
  ),
  // platform -> @tarojs/taro only.
  layer(
    ['src/platform/**'],
    ['**/stores', '**/stores/*', '**/services', '**/services/*', '**/pages/*', '**/components/*', '**/i18n'],
    'The platform adapter depends on Taro only (DESIGN.md §2).',
  ),
  layer(
    ['src/utils/**', 'src/i18n/**'],
    [
      '**/stores',
      '**/stores/*',
      '**/services',
      '**/services/*',
      '**/pages/*',
      '**/components/*',
      '**/platform',
      '**/platform/*',
    ],
    'utils and i18n are leaves (DESIGN.md §2).',
  ),
  layer(
    ['types/**'],
    ['**/src/*', '**/server/*', 'react', '@tarojs/*'],
    'types/ is the contract: it imports nothing of either side.',
  ),
  // Server: routes -> service -> repository -> db; integrations are called by services only.
  layer(
    ['server/src/modules/*/repository.ts'],
    ['./service', './routes', '**/plugins/*', '**/integrations/*'],
    'Repositories hold only SQL (DESIGN.md §2).',
  ),
  layer(
    ['server/src/modules/*/service.ts'],
    ['./routes', '**/plugins/*', 'fastify', 'kysely'],
    'Services hold the rules; SQL lives in the repository, HTTP in the routes (DESIGN.md §2).',
  ),
  layer(
    ['server/src/modules/*/routes.ts'],
    ['./repository?(.ts)!', '**/integrations/*', 'kysely'],
    'Routes call the service only (DESIGN.md §2).',
  ),
  layer(
    ['server/**'],
    ['**/src/pages/*', '**/src/components/*', '**/src/stores/*', '@tarojs/*'],
    'The server never imports the app.',
  ),
);
