/**
 * `npm test`: builds the H5 site and the mini program when their sources changed, then runs every jest project:
 * app, server and weapp in parallel, then the browser tests in band. Prints one closing line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';
import { buildApp, buildIsStale, type BuildTarget } from '../server/src/site-build';

interface JestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numRuntimeErrorTestSuites: number;
  success: boolean;
}

async function main() {
  const extra = process.argv.slice(2);
  for (const target of ['h5', 'weapp'] as BuildTarget[]) {
    const out = path.join(ROOT_DIR, 'dist', target);
    if (buildIsStale(out, target)) {
      console.log(`\n== building ${target} (sources changed since the last build)`);
      const started = Date.now();
      await buildApp(target);
      console.log(`== ${target} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      console.log(`== ${target} build is up to date`);
    }
  }

  const runs: Array<{ name: string; args: string[] }> = [
    { name: 'unit, API, mini program and tooling', args: ['--selectProjects', 'app', 'server', 'weapp', 'tooling'] },
    { name: 'browser (end to end)', args: ['--selectProjects', 'e2e', '--runInBand'] },
  ];
  const totals = { passed: 0, failed: 0, skipped: 0, ok: true };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-jest-'));
  for (const [i, run] of runs.entries()) {
    console.log(`\n== jest: ${run.name}`);
    const outputFile = path.join(tmp, `run-${i}.json`);
    const jest = path.join(ROOT_DIR, 'node_modules', '.bin', 'jest');
    const result = spawnSync(jest, [...run.args, '--json', `--outputFile=${outputFile}`, ...extra], {
      cwd: ROOT_DIR,
      stdio: 'inherit',
      env: process.env,
    });
    if (!fs.existsSync(outputFile)) {
      totals.ok = false;
      totals.failed += 1;
      console.error(`jest (${run.name}) produced no result (exit ${result.status})`);
      continue;
    }
    const json = JSON.parse(fs.readFileSync(outputFile, 'utf8')) as JestJson;
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests + json.numRuntimeErrorTestSuites;
    totals.skipped += json.numPendingTests;
    if (!json.success || result.status !== 0) totals.ok = false;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  if (totals.passed === 0) totals.ok = false;
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(totals.ok ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
