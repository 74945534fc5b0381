// One jest, five projects: app (jsdom + Taro's H5 components), server (API on a real database), e2e (headless
// Chromium against the built site and the real server), weapp (the compiled mini program) and tooling (lint and
// type check rules, the app's calls against the server's OpenAPI document).
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
];

const taroGlobals = {
  ENABLE_INNER_HTML: true,
  ENABLE_ADJACENT_HTML: true,
  ENABLE_SIZE_APIS: true,
  ENABLE_TEMPLATE_CONTENT: true,
  ENABLE_MUTATION_OBSERVER: true,
  ENABLE_CLONE_NODE: true,
  ENABLE_CONTAINS: true,
  DEPRECATED_ADAPTER_COMPONENT: false,
  __TARO_FRAMEWORK__: 'react',
  SZEAT_API_BASE: '',
  SZEAT_MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  SZEAT_MAP_ATTRIBUTION: '© OpenStreetMap contributors',
  SZEAT_MAP_TILE_COORDS: 'wgs84',
  SZEAT_WEBVIEW_HOSTS: 'shop.szeat.example,*.partner.example',
};

// Jest 30 ignores testTimeout inside a project; each project sets its own through a setup file.
const timeout = (ms) => `<rootDir>/test/support/timeout-${ms}.js`;

const node = (name, extra = {}) => ({
  displayName: name,
  testEnvironment: 'node',
  roots: [`<rootDir>/test/${name}`],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // kysely 0.29 and some of Fastify's dependencies ship only ES modules; jest on Node 20 needs them compiled.
  transformIgnorePatterns: [],
  ...extra,
});

module.exports = {
  projects: [
    {
      displayName: 'app',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/app'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns: [],
      moduleNameMapper: {
        '^@tarojs/components$': '<rootDir>/test/app/support/taro-components.ts',
        '^@tarojs/taro$': '@tarojs/taro-h5',
        '^lodash-es$': 'lodash',
        '\\.(css|scss|sass|less)$': 'identity-obj-proxy',
        '\\.(png|jpg|jpeg|gif|svg)$': '<rootDir>/test/app/support/file-stub.js',
        // The page shell of the platform a test fakes (Taro builds index.weapp.tsx or index.tsx).
        '/components/page-shell$': '<rootDir>/test/app/support/page-shell.tsx',
      },
      globals: taroGlobals,
      setupFiles: ['<rootDir>/test/app/support/setup.ts'],
    },
    node('server', { setupFilesAfterEnv: [timeout(30000)] }),
    // axe-core's script (injected into pages by @axe-core/playwright) reads `this` at its top level as plain CommonJS:
    // it must not be compiled.
    node('e2e', { setupFilesAfterEnv: [timeout(60000)], transformIgnorePatterns: ['/node_modules/axe-core/'] }),
    node('weapp', { setupFilesAfterEnv: [timeout(120000)] }),
    // Checks of the repository's own rules: lint zones, type check projects, mini program packages, API coverage.
    node('tooling', { setupFilesAfterEnv: [timeout(120000)] }),
  ],
};
