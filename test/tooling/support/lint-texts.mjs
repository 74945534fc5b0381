// Lints texts as if they were the given files, with the repository's eslint.config.mjs, through ESLint's Node API.
// Runs outside jest (jest's module loader cannot import an ES module config). stdin: [{file, code}] as JSON;
// stdout: for each case, the rule ids of its messages (fatal parse errors as "fatal: …").
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cases = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
  }),
);
const eslint = new ESLint({ cwd: root, overrideConfigFile: process.env.LINT_CONFIG || undefined });
const out = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  out.push((result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`));
}
process.stdout.write(JSON.stringify(out));
