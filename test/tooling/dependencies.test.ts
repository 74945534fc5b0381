/**
 * package.json says what the code uses: every package the code imports is declared (what the server and the app
 * import at run time under "dependencies", so a production install has it), and every package under
 * "dependencies" or "devDependencies" is imported by the code (devDependencies: also by the tests, the benchmark and
 * the tooling's own configuration files), or is named below with the reason it is needed without an import.
 * Imports are read from the syntax tree of every source file (static, dynamic, require, re-exports, import type).
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const deps = new Set(Object.keys(pkg.dependencies));
const devDeps = new Set(Object.keys(pkg.devDependencies));

/** Production code: what the server, the app and the npm scripts that run the product load. */
const PRODUCTION = ['server', 'src', 'types', 'config', 'scripts'];
/** Development code: tests, the benchmark and the payment stand-ins (tests and demos). */
const DEVELOPMENT = ['test', 'bench', 'standins'];
/** The tools' configuration files at the root (lint, jest, Babel). */
const TOOLING_FILES = ['eslint.config.mjs', 'jest.config.js', 'babel.config.js'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Runtime dependencies used without an import in the code, and why. */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  '@babel/runtime': 'helpers the Taro build injects into the compiled app',
  '@tarojs/components-react':
    "Taro's H5 components (config h5.useHtmlComponents): what @tarojs/components resolves to on H5",
  '@tarojs/helper': 'peer of the Taro CLI and plugins at build time',
  '@tarojs/plugin-framework-react': 'Taro loads the framework plugin by name (config framework: react)',
  '@tarojs/plugin-platform-h5': 'Taro loads the platform plugin by name (taro build --type h5)',
  '@tarojs/plugin-platform-weapp': 'Taro loads the platform plugin by name (taro build --type weapp)',
  '@tarojs/react': 'the React renderer Taro builds the app with',
  '@tarojs/router': 'the H5 router Taro builds the site with',
  '@tarojs/shared': "Taro's runtime, injected into the compiled app",
  '@tarojs/taro-h5': 'what @tarojs/taro resolves to on H5',
  tsx: 'runs the server from TypeScript (npm run dev, seed, and start without a server build)',
};

/** Development dependencies used without an import (named in a configuration, run as a command, a peer), and why. */
const DEV_USED_WITHOUT_IMPORT: Record<string, string> = {
  '@babel/core': 'Babel itself, which the Taro build compiles the app with (peer of babel-preset-taro)',
  '@babel/preset-react': 'peer of babel-preset-taro (its React transform)',
  '@pmmmwh/react-refresh-webpack-plugin': "peer of Taro's webpack runner for React (hot reload in dev:h5)",
  '@swc/core': "the compiler @swc/jest runs (jest.config.js's transform)",
  '@sparticuz/chromium':
    "the browser tests' Chromium when the system has none, loaded by a child process (e2e/support/browser.ts)",
  '@testing-library/dom': 'peer of @testing-library/react',
  '@swc/jest': "jest.config.js's transform, named as a string",
  '@types/jest': "jest's globals, named in tsconfig.json's types",
  '@types/node': "Node's modules, named in tsconfig.json's and tsconfig.server.json's types",
  '@types/webpack-env': "types named in tsconfig.json's types (require.context in the app)",
  'babel-preset-taro': "babel.config.js's preset, named 'taro'",
  'identity-obj-proxy': "jest.config.js's moduleNameMapper for styles, named as a string",
  jest: 'the test runner (npm test; tests use its globals)',
  'jest-environment-jsdom': "jest.config.js's testEnvironment 'jsdom'",
  lodash: "jest.config.js maps lodash-es (Taro's components import it) to lodash for the app tests",
  postcss: "peer of Taro's style loaders (Sass and CSS through PostCSS)",
  prettier: 'the formatter (npm run format, lint)',
  'react-refresh': "peer of @pmmmwh/react-refresh-webpack-plugin and Taro's React runner",
  sass: "Taro's Sass loader compiles the app's .scss with it",
};

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The module specifiers a file imports. */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) found.push(e.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire =
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          ['require', 'jest'].includes(callee.expression.text) &&
          ['resolve', 'requireActual', 'mock'].includes(callee.name.text));
      if (isImport || isRequire) found.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const BUILTIN = new Set(builtinModules);
/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`; undefined for relative paths and Node's modules. */
function packageOf(spec: string): string | undefined {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return undefined;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return BUILTIN.has(name) ? undefined : name;
}

function importsUnder(dirs: string[], files: string[] = []): Map<string, string[]> {
  const byPackage = new Map<string, string[]>();
  for (const file of [...dirs.flatMap((d) => walk(path.join(ROOT, d))), ...files.map((f) => path.join(ROOT, f))]) {
    for (const spec of specifiersOf(file)) {
      const name = packageOf(spec);
      if (!name) continue;
      byPackage.set(name, [...(byPackage.get(name) ?? []), path.relative(ROOT, file)]);
    }
  }
  return byPackage;
}

const production = importsUnder(PRODUCTION);
const development = importsUnder(DEVELOPMENT, TOOLING_FILES);
/** Types-only packages come with their @types package; their imports need no runtime dependency. */
const declared = (name: string) => deps.has(name) || devDeps.has(name) || devDeps.has(`@types/${name}`);

test('the reader finds the imports (a guard: a broken reader would pass everything below)', () => {
  expect([...production.keys()]).toEqual(expect.arrayContaining(['fastify', 'kysely', 'react', '@tarojs/taro']));
  expect([...development.keys()]).toEqual(expect.arrayContaining(['playwright-core', '@testing-library/react']));
});

test('every imported package is declared in package.json', () => {
  const undeclared = [...production, ...development]
    .filter(([name]) => !declared(name))
    .map(([name, files]) => `${name} (${files[0]})`);
  expect([...new Set(undeclared)]).toEqual([]);
});

test('what the server and its scripts import at run time is a dependency, not a devDependency', () => {
  const serverSide = importsUnder(['server', 'scripts']);
  const devOnly = [...serverSide]
    .filter(([name]) => !deps.has(name) && devDeps.has(name))
    .map(([name, files]) => `${name} (${files[0]})`);
  expect(devOnly).toEqual([]);
});

test('every dependency is imported by the code, or says why it is needed without an import', () => {
  const unused = [...deps].filter((name) => !production.has(name) && !(name in USED_WITHOUT_IMPORT));
  expect(unused).toEqual([]);
});

test('the reasons above are for real dependencies that the code does not import', () => {
  const stale = Object.keys(USED_WITHOUT_IMPORT).filter((name) => !deps.has(name) || production.has(name));
  expect(stale).toEqual([]);
});

test('every devDependency is imported by the code, the tests or the tools, or says why it is needed without one', () => {
  // A @types package counts as used when its package is imported (or is that package's own types).
  const imported = (name: string) =>
    production.has(name) ||
    development.has(name) ||
    (name.startsWith('@types/') && (production.has(name.slice(7)) || development.has(name.slice(7))));
  const unused = [...devDeps].filter((name) => !imported(name) && !(name in DEV_USED_WITHOUT_IMPORT));
  expect(unused).toEqual([]);
  const stale = Object.keys(DEV_USED_WITHOUT_IMPORT).filter((name) => !devDeps.has(name) || imported(name));
  expect(stale).toEqual([]);
});
