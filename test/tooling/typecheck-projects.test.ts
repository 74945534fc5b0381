/**
 * The type check has one project per environment (tsconfig.app.json: DOM, no Node types; tsconfig.server.json:
 * Node, no DOM; tsconfig.json: tests, bench, config and scripts), and `npm run typecheck` checks them all. Each case
 * type-checks a small probe file as if it were in src/ or server/, with that project's real compiler options, and
 * expects the error (or, for the controls, none).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function project(config: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${config}`);
  expect(parsed.errors).toEqual([]);
  return parsed;
}

/** Type-checks `code` as the file `file` (relative to the repository) under the project's options. */
function check(config: string, file: string, code: string): string[] {
  const { options } = project(config);
  const probe = path.join(ROOT, file);
  const host = ts.createCompilerHost({ ...options, incremental: false });
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    path.resolve(name) === probe ? ts.createSourceFile(name, code, lang) : getSourceFile(name, lang, ...rest);
  host.fileExists = (name) => path.resolve(name) === probe || fileExists(name);
  host.readFile = (name) => (path.resolve(name) === probe ? code : readFile(name));
  const program = ts.createProgram({ rootNames: [probe], options: { ...options, incremental: false }, host });
  const source = program.getSourceFile(probe)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
    (d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
  );
}

describe('the projects cover their own code', () => {
  test('app: src/ and types/, nothing of the server or the tests', () => {
    const files = project('tsconfig.app.json').fileNames.map(rel);
    expect(files).toEqual(expect.arrayContaining(['src/app.tsx', 'src/stores/root-store.ts', 'types/index.ts']));
    expect(files.filter((f) => /^(server|test|bench|config|scripts)\//.test(f))).toEqual([]);
  });

  test('server: server/ and types/, nothing of the app or the tests', () => {
    const files = project('tsconfig.server.json').fileNames.map(rel);
    expect(files).toEqual(expect.arrayContaining(['server/src/main.ts', 'server/src/app.ts', 'types/index.ts']));
    expect(files.filter((f) => /^(src|test|bench|config|scripts)\//.test(f))).toEqual([]);
  });

  test('tests: test/, bench/, config/ and scripts/', () => {
    const files = project('tsconfig.json').fileNames.map(rel);
    expect(files).toEqual(
      expect.arrayContaining(['test/tooling/typecheck-projects.test.ts', 'config/index.ts', 'scripts/precompress.ts']),
    );
  });

  test('npm run typecheck checks all three', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const script = pkg.scripts.typecheck!;
    for (const config of ['tsconfig.app.json', 'tsconfig.server.json', 'tsconfig.json']) {
      expect(script.split(/\s+/)).toContain(config);
    }
  });
});

describe('server code has Node and no DOM', () => {
  const file = 'server/src/typecheck-probe.ts';
  test('window fails', () => {
    expect(check('tsconfig.server.json', file, 'export const w = window.location.href;\n')).toEqual([
      expect.stringMatching(/^TS2304: Cannot find name 'window'/),
    ]);
  });
  test('document fails', () => {
    expect(check('tsconfig.server.json', file, "export const d = document.createElement('div');\n")).toEqual([
      expect.stringMatching(/^TS2584: Cannot find name 'document'|^TS2304: Cannot find name 'document'/),
    ]);
  });
  test('control: fs, Buffer and process pass', () => {
    const code =
      "import fs from 'node:fs';\nexport const r = fs.readFileSync;\nexport const b = Buffer.from('x');\nexport const e = process.env.PORT;\n";
    expect(check('tsconfig.server.json', file, code)).toEqual([]);
  });
});

describe('app code has the DOM and no Node', () => {
  const file = 'src/utils/typecheck-probe.ts';
  test('fs fails', () => {
    const code = "import fs from 'node:fs';\nexport const r = fs.readFileSync;\n";
    expect(check('tsconfig.app.json', file, code)).toEqual([
      expect.stringMatching(/^TS2307: Cannot find module 'node:fs'/),
    ]);
  });
  test('Buffer fails', () => {
    expect(check('tsconfig.app.json', file, "export const b = Buffer.from('x');\n")).toEqual([
      expect.stringMatching(/^TS2591: Cannot find name 'Buffer'/),
    ]);
  });
  test('control: window, document and the build-time TARO_ENV pass', () => {
    const code =
      'export const w = window.location.href;\nexport const d = document.title;\nexport const env = process.env.TARO_ENV;\n';
    expect(check('tsconfig.app.json', file, code)).toEqual([]);
  });
});
