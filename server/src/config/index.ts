import fs from 'node:fs';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { accountsConfigProblems, accountsConfigSchema } from './accounts';
import { codesConfigProblems, codesConfigSchema, withDemoCodes } from './codes';
import { ordersConfigSchema } from './orders';
import { paymentsConfigProblems, paymentsConfigSchema } from './payments';
import { safetyConfigProblems, safetyConfigSchema } from './safety';
import { uploadsConfigProblems, uploadsConfigSchema } from './uploads';

/** Every key is documented in `.env.example`; nothing else is read from the environment. */
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.String({ minLength: 1, default: 'sqlite:data/szeat.db' }),
  SITE_DIR: Type.String({ minLength: 1, default: 'dist/h5' }),
  UPLOAD_DIR: Type.String({ minLength: 1, default: 'data/uploads' }),
  BUILD_SITE: Type.Union([Type.Literal('auto'), Type.Literal('always'), Type.Literal('never')], { default: 'auto' }),
  SEED: Type.Union([Type.Literal('auto'), Type.Literal('never')], { default: 'auto' }),
  PUBLIC_BASE_URL: Type.String({ default: '' }),
  /**
   * Which proxies may set X-Forwarded-For (the client address used by rate limits and IP location): 'loopback'
   * (a reverse proxy on this machine), 'false', 'true' (any: only behind a proxy that overwrites the header), a hop
   * count, or a comma-separated list of addresses/CIDRs.
   */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  /**
   * How often (ms) a server process checks whether another process changed cached data (restaurants, menus, hours,
   * places, cuisines, articles); its own writes drop its cache at once. 0 checks on every request.
   */
  CACHE_CHECK_MS: Type.Integer({ minimum: 0, maximum: 3600000, default: 1000 }),
  ...accountsConfigSchema,
  ...codesConfigSchema,
  ...ordersConfigSchema,
  ...paymentsConfigSchema,
  ...safetyConfigSchema,
  ...uploadsConfigSchema,
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws a ConfigError listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw));
  const merged = withDemoCodes({ ...(converted as object), ...overrides } as Config);
  // Every problem at once (a bad PORT must not hide missing WeChat keys), before anything else happens.
  const problems = [...Value.Errors(ConfigSchema, merged)].map(
    (e) => `${e.path.slice(1) || '(root)'}: ${e.message} (got ${JSON.stringify(e.value)})`,
  );
  problems.push(
    ...accountsConfigProblems(merged),
    ...codesConfigProblems(merged, fromRoot),
    ...uploadsConfigProblems(merged),
  );
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(String(merged.DATABASE_URL))) {
    problems.push(`DATABASE_URL: must start with sqlite: or postgres:// (got ${JSON.stringify(merged.DATABASE_URL)})`);
  }
  problems.push(...safetyConfigProblems(merged), ...paymentsConfigProblems(merged));
  if (problems.length > 0) throw new ConfigError(problems);
  return merged;
}

/** TRUST_PROXY in the form Fastify takes. */
export function trustProxyOption(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return value.trim();
}

/**
 * The repository root, whatever the working directory: the nearest folder above this file with a package.json
 * (from server/src/config in the sources, from dist/server in the bundle).
 */
export const ROOT_DIR = repositoryRoot(__dirname);

function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
export const fromRoot = (p: string) => (path.isAbsolute(p) ? p : path.join(ROOT_DIR, p));
