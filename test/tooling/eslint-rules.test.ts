/**
 * The import rules of eslint.config.mjs (DESIGN.md §2) really run: each case lints a small file that breaks one
 * rule, at the path of a real file of that layer, through ESLint's Node API, and expects that rule's error. Flat
 * config keeps only the last setting of a rule for a file, so a later block can silently switch a rule off; this
 * test is what notices.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Lints every case in one child process (ESLint's ES module config cannot load inside jest's module system). */
function lintAll(cases: Array<{ file: string; code: string }>): string[][] {
  const script = path.join(__dirname, 'support', 'lint-texts.mjs');
  const out = execFileSync(process.execPath, [script], { input: JSON.stringify(cases), encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}

const RESTRICTED = 'no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';
const ZONES = 'import-x/no-restricted-paths';

const violations: Array<[string, string, string, string]> = [
  [
    'the server imports a payment stand-in',
    'server/src/integrations/payments/index.ts',
    "import { startWechatPayStandin } from '../../../../standins/wechatpay';\nexport const s = startWechatPayStandin;\n",
    ZONES,
  ],
  [
    'a stand-in imports server code',
    'standins/wechatpay.ts',
    "import { paySign } from '../server/src/integrations/payments/wechatpay/crypto';\nexport const p = paySign;\n",
    ZONES,
  ],
  // [what, file, code, rule expected]
  [
    'a service imports kysely',
    'server/src/modules/stores/service.ts',
    "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
    RESTRICTED,
  ],
  [
    'a service imports fastify',
    'server/src/modules/stores/service.ts',
    "import fastify from 'fastify';\nexport const f = fastify;\n",
    RESTRICTED,
  ],
  [
    'a service imports its routes',
    'server/src/modules/articles/service.ts',
    "import { articlesRoutes } from './routes';\nexport const r = articlesRoutes;\n",
    ZONES,
  ],
  [
    'routes import their repository',
    'server/src/modules/stores/routes.ts',
    "import { createStoresRepository } from './repository';\nexport const r = createStoresRepository;\n",
    ZONES,
  ],
  [
    "routes import another module's repository (with extension)",
    'server/src/modules/stores/routes.ts',
    "import { createPlacesRepository } from '../places/repository.ts';\nexport const r = createPlacesRepository;\n",
    ZONES,
  ],
  [
    'routes import kysely',
    'server/src/modules/stores/routes.ts',
    "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
    RESTRICTED,
  ],
  [
    'routes import an integration',
    'server/src/modules/places/routes.ts',
    "import { isPrivateIp } from '../../integrations/geo';\nexport const p = isPrivateIp;\n",
    ZONES,
  ],
  [
    "a module's service imports another module's repository (types too)",
    'server/src/modules/payments/service.ts',
    "import type { OrdersRepository } from '../orders/repository';\nexport type R = OrdersRepository;\n",
    ZONES,
  ],
  [
    "a module's rule file imports another module's repository",
    'server/src/modules/checkout/money.ts',
    "import { createCartRepository } from '../cart/repository';\nexport const r = createCartRepository;\n",
    ZONES,
  ],
  [
    'a repository imports its service',
    'server/src/modules/articles/repository.ts',
    "import { createArticlesService } from './service';\nexport const s = createArticlesService;\n",
    ZONES,
  ],
  [
    'a repository imports an integration',
    'server/src/modules/places/repository.ts',
    "import { isPrivateIp } from '../../integrations/geo';\nexport const p = isPrivateIp;\n",
    ZONES,
  ],
  [
    'the database layer imports a module (the seed sits above the repositories it writes through)',
    'server/src/db/index.ts',
    "import { createCartRepository } from '../modules/cart/repository';\nexport const r = createCartRepository;\n",
    ZONES,
  ],
  [
    'the database layer imports the seed',
    'server/src/db/migrate.ts',
    "import { seed } from '../seed';\nexport const s = seed;\n",
    ZONES,
  ],
  [
    'a plugin imports a module',
    'server/src/plugins/app/auth.ts',
    "import { createAccountsService } from '../../modules/accounts/service';\nexport const s = createAccountsService;\n",
    ZONES,
  ],
  [
    'a module imports an external plugin',
    'server/src/modules/codes/service.ts',
    "import { SVG_CSP } from '../../plugins/external/security-headers';\nexport const c = SVG_CSP;\n",
    ZONES,
  ],
  [
    'the server imports an app store',
    'server/src/app.ts',
    "import { RootStore } from '../../src/stores/root-store';\nexport const r = RootStore;\n",
    ZONES,
  ],
  [
    'the server imports Taro',
    'server/src/app.ts',
    "import Taro from '@tarojs/taro';\nexport const t = Taro;\n",
    RESTRICTED,
  ],
  [
    'a module service imports Taro (server-wide ban merged into the module block)',
    'server/src/modules/stores/service.ts',
    "import Taro from '@tarojs/taro';\nexport const t = Taro;\n",
    RESTRICTED,
  ],
  [
    'a page imports the services',
    'src/screens/main/home/index.tsx',
    "import { createApi } from '../../../services';\nexport const a = createApi;\n",
    RESTRICTED,
  ],
  [
    'a page imports the platform',
    'src/screens/discover/search/index.tsx',
    "import { platform } from '../../../platform';\nexport const p = platform;\n",
    RESTRICTED,
  ],
  [
    'a page calls a Taro platform API',
    'src/screens/account/login/index.tsx',
    "import { request } from '@tarojs/taro';\nexport const r = request;\n",
    RESTRICTED,
  ],
  [
    'a screen writes through the API instead of a store action',
    'src/screens/account/addresses/index.tsx',
    "import { useStores } from '../../../stores';\nexport const x = () => useStores().api.addresses.remove(3);\n",
    SYNTAX,
  ],
  [
    'a screen part places an order through the API',
    'src/screens/order/settlement/parts/form.tsx',
    "import { useStores } from '../../../../stores';\nexport const x = () => {\n  const { api } = useStores();\n  return api.orders.submit;\n};\n",
    SYNTAX,
  ],
  [
    'a component writes through the API',
    'src/components/cart-panel/index.tsx',
    "import { useStores } from '../../stores';\nexport const x = () => useStores().api.cart.edit({ cart_id: 1, quantity: 2 });\n",
    SYNTAX,
  ],
  [
    'a store imports a component',
    'src/stores/session-store.ts',
    "import { TopBar } from '../components/top-bar';\nexport const t = TopBar;\n",
    RESTRICTED,
  ],
  [
    'a component imports the services',
    'src/components/top-bar/index.tsx',
    "import { createApi } from '../../services';\nexport const a = createApi;\n",
    RESTRICTED,
  ],
  [
    'a service of the app imports a store',
    'src/services/articles.ts',
    "import { RootStore } from '../stores/root-store';\nexport const r = RootStore;\n",
    RESTRICTED,
  ],
  [
    'the platform imports the services',
    'src/platform/navigation.ts',
    "import { createApi } from '../services';\nexport const a = createApi;\n",
    RESTRICTED,
  ],
  [
    'utils import a store',
    'src/utils/price.ts',
    "import { RootStore } from '../stores/root-store';\nexport const r = RootStore;\n",
    RESTRICTED,
  ],
  [
    'the app imports the server',
    'src/utils/price.ts',
    "import { loadConfig } from '../../server/src/config';\nexport const c = loadConfig;\n",
    ZONES,
  ],
  [
    'the contract imports the app',
    'types/lang.ts',
    "import { ROUTES } from '../src/routes';\nexport const r = ROUTES;\n",
    ZONES,
  ],
  [
    'an import cycle (stores/hours.ts <- stores/service.ts)',
    'server/src/modules/stores/hours.ts',
    "import { createStoresService } from './service';\nexport const s = createStoresService;\n",
    'import-x/no-cycle',
  ],
];

const allowed: Array<[string, string, string]> = [
  [
    'a service imports its repository type and a sibling rule file',
    'server/src/modules/stores/service.ts',
    "import type { StoresRepository } from './repository';\nimport { openState } from './hours';\nexport type R = StoresRepository;\nexport const o = openState;\n",
  ],
  [
    "a module reaches another through that module's service and its rows.ts",
    'server/src/modules/payments/service.ts',
    "import type { OrderRow } from '../orders/rows';\nimport { orderNo } from '../orders/service';\nexport type O = OrderRow;\nexport const n = orderNo;\n",
  ],
  [
    'routes import their service',
    'server/src/modules/stores/routes.ts',
    "import { positionOf } from './service';\nexport const p = positionOf;\n",
  ],
  [
    'a repository imports kysely and the db',
    'server/src/modules/articles/repository.ts',
    "import { sql } from 'kysely';\nimport type { Executor } from '../../db/unit-of-work';\nexport const q = (db: Executor) => sql`select 1`.execute(db);\n",
  ],
  [
    'the seed writes through module repositories',
    'server/src/seed/accounts.ts',
    "import { createWalletRepository } from '../modules/wallet/repository';\nexport const w = createWalletRepository;\n",
  ],
  [
    'module routes use the app plugins',
    'server/src/modules/stores/routes.ts',
    "import { ok } from '../../plugins/app/envelope';\nimport { sendAnswer } from '../../plugins/app/cached-answer';\nexport const x = [ok, sendAnswer];\n",
  ],
  [
    'the server reads the route table',
    'server/src/site-routes.ts',
    "import table from '../../src/route-table.json';\nexport const t = table;\n",
  ],
  [
    'a screen reads through the API (useLoad over api.*)',
    'src/screens/account/addresses/index.tsx',
    "import { useStores } from '../../../stores';\nexport const useList = () => useStores().api.addresses.list();\n",
  ],
  [
    'a page uses a Taro lifecycle hook, stores and components',
    'src/screens/main/home/index.tsx',
    "import { useDidShow } from '@tarojs/taro';\nimport { useStores } from '../../../stores';\nimport { PageShell } from '../../../components/page-shell';\nexport const x = [useDidShow, useStores, PageShell];\n",
  ],
];

let results: string[][] = [];
beforeAll(() => {
  results = lintAll([...violations, ...allowed].map(([, file, code]) => ({ file, code })));
});

test.each(violations.map((v, i) => [...v, i] as const))('fires: %s', (_what, _file, _code, rule, i) => {
  expect(results[i]).toContain(rule);
});

test.each(allowed.map((a, i) => [...a, violations.length + i] as const))('passes: %s', (_what, _file, _code, i) => {
  expect(results[i]).toEqual([]);
});

/**
 * Every write of the app's API (each POST in src/services) is one the screens' rule knows: a screen calling it
 * fails the lint. A new POST call must be added to API_WRITES in eslint.config.mjs.
 */
test('the screens rule knows every write of src/services', () => {
  const dir = path.join(__dirname, '..', '..', 'src', 'services');
  const writes = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'http.ts')
    .flatMap((f) => {
      const area = f.replace(/\.ts$/, '');
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      return [...text.matchAll(/(\w+): \([^)]*\)(?::[^=]+)? =>\s*http\.post\b/g)].map((m) => `${area}.${m[1]}`);
    });
  expect(writes.length).toBeGreaterThan(10);
  const found = lintAll(
    writes.map((call) => ({
      file: 'src/screens/main/home/index.tsx',
      code: `import { useStores } from '../../../stores';\nexport const x = () => useStores().api.${call};\n`,
    })),
  );
  expect(writes.filter((_, i) => !found[i]!.includes(SYNTAX))).toEqual([]);
});
