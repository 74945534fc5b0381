import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { sleep } from './util';

export interface Started {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first successful answer of the probe path. */
  startMs: number;
  /** Resident memory of the process and all its descendants (npm, tsx, node...), bytes. */
  rss(): number;
  stop(): Promise<void>;
}

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may contain spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

export function treeRss(pid: number): number {
  let total = 0;
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop()!;
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const kbs = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total += kbs * 1024;
    } catch {
      continue;
    }
    todo.push(...children(p));
  }
  return total;
}

/** Spawns a server and waits until `probe` answers 2xx (at most 120 s). */
export async function startProcess(
  command: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; port: number; probe: string },
): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Only the tail is kept (for the error message): a server under load logs a lot.
  let log = '';
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-16_384);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}${opts.probe}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${command} did not answer within 120 s:\n${log}`);
    await sleep(10);
  }
  const startMs = performance.now() - t0;
  return {
    child,
    url,
    startMs,
    rss: () => treeRss(child.pid!),
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([done, sleep(10_000)]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }
    },
  };
}
