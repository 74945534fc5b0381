import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import { GenerateSW } from 'workbox-webpack-plugin';
import table from '../src/route-table.json';
import { splitMessageCatalogues } from './i18n-parts';
import { RoutePreloadPlugin } from './route-preload';
import weappTargets from './weapp-targets.json';

/** H5 paths of the specification (spec §2) for the pages built so far; not-found also catches every other path. */
function customRoutes(): Record<string, string | string[]> {
  const routes: Record<string, string | string[]> = {};
  const all: Record<string, { page: string; path: string }> = table.routes;
  for (const name of table.built) routes[`/${all[name]!.page}`] = all[name]!.path;
  routes[`/${table.routes.notFound.page}`] = [table.routes.notFound.path, '(.*)'];
  return routes;
}

/**
 * GET answers the service worker keeps for repeat visits (issue 10): the restaurant list, a restaurant, its menu and
 * what those screens show around them. Network first: a fresh answer whenever the network gives one within
 * API_TIMEOUT_S seconds, else the last one saved. Orders, payments, the cart, accounts and every POST are not here and
 * always go to the network.
 */
const SAVED_ACTIONS = ['storelist', 'storeinfo', 'menulist', 'cuisineslist', 'arealist', 'promolist', 'adslist'];
const API_TIMEOUT_S = 4;

/** The chunks every screen loads: the entry (`app`, with its vendor chunk and CSS) and the `shared` split chunk. */
const SHELL_CHUNKS = ['app', 'shared'];

interface BuildAsset {
  name: string;
}
interface BuildChunk {
  files: Iterable<string>;
  auxiliaryFiles?: Iterable<string>;
}
interface BuildCompilation {
  namedChunkGroups: Map<string, { chunks: BuildChunk[] }>;
  namedChunks: Map<string, BuildChunk>;
}

/** The files of the shell: index.html and the files of SHELL_CHUNKS (a chunk group's every chunk). */
function isShellAsset({ asset, compilation }: { asset: BuildAsset; compilation: BuildCompilation }): boolean {
  if (asset.name === 'index.html') return true;
  const files = new Set<string>();
  for (const name of SHELL_CHUNKS) {
    const chunks = compilation.namedChunkGroups.get(name)?.chunks ?? [compilation.namedChunks.get(name)];
    for (const chunk of chunks)
      for (const f of [...(chunk?.files ?? []), ...(chunk?.auxiliaryFiles ?? [])]) files.add(f);
  }
  return files.has(asset.name);
}

/**
 * The H5 production build's service worker (dist/h5/sw.js, Workbox's GenerateSW): it precaches only the shell
 * (index.html and the entry and shared chunks' JS and CSS); a route's chunk is kept the first time a screen uses it
 * (cache first: the names carry a content hash, so a kept file never changes), so a returning customer offline gets
 * the screens already visited without every visitor downloading every screen. Page loads come from the network, else
 * the precached index.html; the last answers of SAVED_ACTIONS are kept. An answer taken from the cache carries
 * `x-szeat-saved: 1`, from which the app tells the customer that it shows saved data (src/platform/fetch-request.ts).
 */
function serviceWorker(): ConstructorParameters<typeof GenerateSW>[0] {
  return {
    swDest: 'sw.js',
    inlineWorkboxRuntime: true,
    sourcemap: false,
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    // Workbox passes each built file with the compilation; the function names the shell's (source maps, licences and
    // the route chunks are left out).
    include: [isShellAsset as (arg: unknown) => boolean],
    runtimeCaching: [
      {
        // A route's JS or CSS chunk (hashed name), when a screen first needs it: cache first, at most 60 files.
        urlPattern: /\/(js|css)\/[\w-]+\.[0-9a-f]{8}\.(js|css)$/,
        handler: 'CacheFirst',
        options: {
          cacheName: 'szeat-chunks',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, maxAgeSeconds: 60 * 24 * 3600 },
        },
      },
      {
        // Page loads: the network's index.html, else (offline, or no answer within the timeout) the precached one.
        urlPattern: ({ request }) => request.mode === 'navigate',
        // (Workbox takes a timeout only with NetworkFirst; the page is never stored there, the precached index.html
        // is the one that matches the precached scripts.)
        handler: 'NetworkFirst',
        options: {
          cacheName: 'szeat-pages',
          networkTimeoutSeconds: API_TIMEOUT_S,
          // Offline (the network fails): the precached index.html.
          precacheFallback: { fallbackURL: '/index.html' },
          plugins: [
            { cacheWillUpdate: () => Promise.resolve(null) },
            {
              // No answer within the timeout: Workbox looks in szeat-pages, which is always empty, and without this
              // would go on waiting for the network. The precached index.html (its key carries Workbox's revision
              // as a query, hence ignoreSearch) answers instead.
              cachedResponseWillBeUsed: (param: { cachedResponse?: Response | null }) =>
                param.cachedResponse
                  ? Promise.resolve(param.cachedResponse)
                  : caches.match('/index.html', { ignoreSearch: true }),
            },
          ],
        },
      },
      {
        urlPattern: new RegExp(`/api/szeat/(${SAVED_ACTIONS.join('|')})(\\?|$)`),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'szeat-api',
          networkTimeoutSeconds: API_TIMEOUT_S,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
          // Workbox writes these functions into sw.js as their source text (after the config's own compilation): no
          // `async`, which would leave calls to helpers sw.js does not have.
          plugins: [
            {
              // Only called for an answer read from the cache (NetworkFirst's fallback): mark it as saved.
              cachedResponseWillBeUsed: (param: { cachedResponse?: Response | null }) => {
                const cached = param.cachedResponse;
                if (!cached) return Promise.resolve(cached);
                const headers = new Headers(cached.headers);
                headers.set('x-szeat-saved', '1');
                // The saved body is already decoded and whole: no encoding or transfer headers of the network's.
                ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].forEach((h) =>
                  headers.delete(h),
                );
                return Promise.resolve(
                  new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers }),
                );
              },
            },
          ],
        },
      },
    ],
  };
}

// types/ (the API contract shared with the server) lives outside src, so the loaders must be told to compile it.
const compile = { include: [path.resolve(__dirname, '..', 'types')] };

export default defineConfig<'webpack5'>(async (merge) => {
  const platform = process.env.TARO_ENV ?? 'h5';
  // The H5 site talks to the server it is served from; the mini program needs the API host (https in production).
  const apiBase =
    platform === 'h5'
      ? (process.env.TARO_APP_API_BASE ?? '')
      : (process.env.TARO_APP_API_BASE ?? 'http://127.0.0.1:3000');
  const base: UserConfigExport<'webpack5'> = {
    projectName: 'szeat',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `dist/${platform}`,
    plugins: [],
    defineConstants: {
      SZEAT_API_BASE: JSON.stringify(apiBase),
      // H5 map (Leaflet): any XYZ tile server; without network the map still shows its markers and takes taps.
      SZEAT_MAP_TILE_URL: JSON.stringify(
        process.env.TARO_APP_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ),
      SZEAT_MAP_ATTRIBUTION: JSON.stringify(process.env.TARO_APP_MAP_ATTRIBUTION || '© OpenStreetMap contributors'),
      SZEAT_MAP_TILE_COORDS: JSON.stringify(process.env.TARO_APP_MAP_TILE_COORDS || 'wgs84'),
      // Mini program: hosts whose pages open in its web-view (each must be a business domain of the mini program).
      SZEAT_WEBVIEW_HOSTS: JSON.stringify(process.env.TARO_APP_WEBVIEW_HOSTS || ''),
    },
    // Mini program: the map's marker pictures stay files (src/components/map/index.weapp.tsx). H5: the web app
    // manifest and its icons at the site's root (src/index.html links them; scripts/make-pwa-icons.mjs draws them).
    copy: {
      patterns:
        platform === 'h5'
          ? [
              { from: 'src/assets/pwa/', to: 'dist/h5/' },
              // The H5 tab bar's icons (src/components/tab-bar), the mini program's own.
              { from: 'src/assets/tab/', to: 'dist/h5/tab/' },
            ]
          : [{ from: 'src/assets/map/', to: `dist/${platform}/assets/map/` }],
      options: {},
    },
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    // Mini program: keep non-ASCII text as UTF-8 in the JS (Taro's default writes every Chinese character as a
    // 6-byte \uXXXX escape, which doubled the Chinese text table in the main package). bench/hello has the same.
    ...(platform === 'h5' ? {} : { terser: { enable: true, config: { output: { ascii_only: false } } } }),
    mini: {
      compile,
      postcss: {
        pxtransform: { enable: true, config: {} },
        // Prefixes for the engines WeChat runs mini programs on (config/weapp-targets.json: the phone's JavaScriptCore
        // on iOS, WeChat itself needs iOS 12; its own V8 on Android), which babel.config.js compiles the JS for too.
        // Taro's default follows the H5 list: -ms- and old -webkit- flexbox in every .wxss (issue 10).
        autoprefixer: { enable: true, config: { overrideBrowserslist: weappTargets } },
        cssModules: { enable: false },
      },
      optimizeMainPackage: { enable: true },
      webpackChain(chain) {
        // Messages only sub-package screens use go with those screens, not in the main package (issue 15); the H5
        // site footer's are left out.
        splitMessageCatalogues(chain, ['footer']);
        // MobX's ES module build keeps its development checks and messages behind a module constant
        // (`const __MOBX_DEV__ = process.env.NODE_ENV !== "production"`) that Taro's mini program minifier settings
        // (no reduce_vars) never fold, so they all shipped in the main package. The packages' own production builds
        // leave them out (issue 10). Only the mini program: tests and H5 resolve MobX as before.
        chain.resolve.alias
          .set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'))
          .set('mobx-react-lite$', require.resolve('mobx-react-lite/dist/mobxreactlite.esm.production.min.js'));
        // Those files are ES modules in .js files of packages without "type": "module".
        chain.module
          .rule('mobx-production-esm')
          .test(/[\\/](mobx|mobxreactlite)\.esm\.production\.min\.js$/)
          .type('javascript/esm');
      },
    },
    h5: {
      // Taro's basic components (View, Text, Image, ScrollView, Button, Input, pull-to-refresh) as React components
      // that render plain elements (@tarojs/components-react), instead of Stencil custom elements that each run their
      // own lifecycle on attach: about a fifth less main-thread blocking and a 5-15% earlier LCP on a phone (issue 15
      // §6, Lighthouse mobile on /, the list and a restaurant page). The others (WebView, Map, Textarea) stay Taro's
      // web components. CSS written for mini program tags (`button`, `image`) no longer reaches these: their classes
      // (.taro-button-core, .taro-img) do.
      useHtmlComponents: true,
      compile,
      publicPath: '/',
      staticDirectory: 'static',
      esnextModules: ['taro-ui'],
      router: { mode: 'browser', customRoutes: customRoutes() },
      output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      webpackChain(chain) {
        // Messages only sub-package screens use go with those screens' chunks, not in the first load (issue 15).
        splitMessageCatalogues(chain);
        // Taro 4.2.1's H5 build splits only the initial chunks (splitChunks.chunks 'initial'), so every route chunk
        // carried its own copy of what most screens use: Taro's React components, mobx-react-lite, the page shell,
        // the state views, the modal (about 15 KB gzip each). They go into one `shared` chunk instead, loaded with
        // the first screen and then cached for every other one (issue 10). Used by 8 of the ~22 routes or more:
        // lower and home's first load grows with what only other screens need.
        chain.optimization.merge({
          splitChunks: {
            cacheGroups: {
              shared: {
                name: 'shared',
                chunks: 'async',
                minChunks: 8,
                priority: 5,
                reuseExistingChunk: true,
                enforce: true,
              },
            },
          },
        });
        // The weui icon font inlined in Taro's component styles (3.3 KB gzip of the first load) draws only Checkbox,
        // Radio and Icon, which no screen uses (config/strip-weui-font.js).
        chain.module
          .rule('strip-weui-font')
          .test(/[\\/]@tarojs[\\/]components[\\/]dist[\\/]taro-components[\\/]taro-components\.css$/)
          .enforce('pre')
          .use('strip-weui-font')
          .loader(path.resolve(__dirname, 'strip-weui-font.js'));
        if (process.env.NODE_ENV === 'production') {
          // MobX's production build, as the mini program has it: the ES module build keeps its development checks and
          // messages behind a module constant the minifier does not fold (about 6 KB gzip of the first load).
          chain.resolve.alias.set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'));
          chain.module
            .rule('mobx-production-esm')
            .test(/[\\/]mobx\.esm\.production\.min\.js$/)
            .type('javascript/esm');
        }
        if (process.env.SZEAT_SOURCEMAP) chain.devtool('hidden-source-map');
        if (process.env.NODE_ENV === 'production') {
          // index.html preloads the chunks of the screen being opened (config/route-preload.ts: LCP, issue 10).
          const all: Record<string, { page: string; path: string }> = table.routes;
          const screens = table.built.map((name) => all[name]!);
          chain.plugin('route-preload').use(RoutePreloadPlugin, [screens, path.resolve(__dirname, '..', 'src')]);
        }
        if (process.env.NODE_ENV === 'production') chain.plugin('service-worker').use(GenerateSW, [serviceWorker()]);
      },
    },
  };
  return merge({}, base);
});
