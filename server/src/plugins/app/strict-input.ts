import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../../errors';

/**
 * Ajv runs with `coerceTypes: 'array'` so that query strings ("?page=2") and forms reach handlers typed. Its rule is
 * loose: anything with `x == +x` becomes a number, so "Infinity", "1e999", "0x10", `true` and `["3"]` pass as numbers
 * and ids, and reach SQL as values the database refuses (500). Strings may carry NUL and other control characters
 * that PostgreSQL refuses in text and SQLite matches oddly (a NUL keyword matched everything).
 *
 * JSON null is coerced too: to 0, "" or false (`{"quantity": null}` on editcart was a quantity of 0, which deletes
 * the line, and answered success).
 *
 * This check runs before validation on every route's querystring, params and body, walking the route's own schema:
 * a number must be a finite JSON number or a plain decimal string, a value is an array only where the schema says
 * so, null only where the schema allows null, and a string has no control characters (tab and line breaks aside).
 * The first offence is a 400 naming the field (data null, as Ajv's own refusals).
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  nullable?: boolean;
};

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
// C0 controls except tab, line feed and carriage return; DEL; and the C1 block.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The JSON types a schema (with its unions) accepts; empty means "anything" (no type given). */
function typesOf(schema: Schema): Set<string> {
  const out = new Set<string>();
  const visit = (s: Schema) => {
    const t = s.type;
    if (typeof t === 'string') out.add(t);
    else if (Array.isArray(t)) t.forEach((x) => out.add(x));
    else if ('const' in s) out.add(s.const === null ? 'null' : typeof s.const);
    // OpenAPI's `nullable` (types/api/helpers.ts NullableNumber), which Ajv honours before coercing.
    if (s.nullable === true) out.add('null');
    for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) visit(sub);
  };
  visit(schema);
  return out;
}

/** The sub-schemas (through unions) that describe an object's property or an array's items. */
function branches(schema: Schema): Schema[] {
  return [schema, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(branches)];
}

function propertySchema(schema: Schema, key: string): Schema | undefined {
  for (const b of branches(schema)) if (b.properties?.[key]) return b.properties[key];
  return undefined;
}

function itemSchema(schema: Schema): Schema | undefined {
  for (const b of branches(schema)) if (b.items) return b.items;
  return undefined;
}

const TYPE_NAMES = ['integer', 'number', 'string', 'boolean', 'object', 'array'] as const;
type TypeKey = `type.${(typeof TYPE_NAMES)[number]}`;

export type Offence = {
  field: string;
  kind: 'number' | 'integer' | 'array' | 'control' | 'null';
  /** For `null`: the message key of the type the field takes instead. */
  expected?: TypeKey;
};

/** The message key of the type a schema asks for (its first type other than null). */
const expectedType = (types: Set<string>): TypeKey => `type.${TYPE_NAMES.find((t) => types.has(t)) ?? 'object'}`;

/** The first value that the schema's types allow only by Ajv's loose coercion, or a string with control characters. */
export function findOffence(value: unknown, schema: Schema | undefined, field: string): Offence | undefined {
  if (!schema || value === undefined) return undefined;
  const types = typesOf(schema);
  if (types.size === 0) return undefined;
  const numeric = types.has('number') || types.has('integer');
  const kind = types.has('integer') && !types.has('number') ? 'integer' : 'number';
  if (Array.isArray(value)) {
    if (!types.has('array')) return { field, kind: numeric ? kind : 'array' };
    const items = itemSchema(schema);
    for (let i = 0; i < value.length; i++) {
      const o = findOffence(value[i], items, `${field}.${i}`);
      if (o) return o;
    }
    return undefined;
  }
  if (value === null) return types.has('null') ? undefined : { field, kind: 'null', expected: expectedType(types) };
  if (typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const o = findOffence(v, propertySchema(schema, key), field ? `${field}.${key}` : key);
      if (o) return o;
    }
    return undefined;
  }
  if (typeof value === 'string') {
    if (CONTROL.test(value)) return { field, kind: 'control' };
    if (numeric && !types.has('string') && !(DECIMAL.test(value) && Number.isFinite(Number(value)))) {
      return { field, kind };
    }
    return undefined;
  }
  if (numeric && !types.has('boolean') && typeof value === 'boolean') return { field, kind };
  if (typeof value === 'number' && !Number.isFinite(value)) return { field, kind: numeric ? kind : 'number' };
  return undefined;
}

function check(req: FastifyRequest, value: unknown, schema: unknown) {
  const o = findOffence(value, schema as Schema | undefined, '');
  if (!o) return;
  const field = o.field || 'body';
  if (o.kind === 'control') throw invalid('validation.control', { field });
  const expected = req.t(
    o.kind === 'null'
      ? o.expected!
      : o.kind === 'array'
        ? 'type.string'
        : o.kind === 'integer'
          ? 'type.integer'
          : 'type.number',
  );
  throw invalid('validation.type', { field, expected });
}

/** Registered before the modules and not encapsulated (fastify-plugin), so every route inherits it. */
export const strictInputPlugin = fp(async function strictInput(app) {
  // A callback hook, not an async one: no promise per request.
  app.addHook('preValidation', (req, _reply, done) => {
    const schema = req.routeOptions.schema;
    try {
      if (schema) {
        check(req, req.params, schema.params);
        check(req, req.query, schema.querystring);
        check(req, req.body, schema.body);
      }
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
});
