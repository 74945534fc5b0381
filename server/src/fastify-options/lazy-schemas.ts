import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's validators (Ajv) and response serialisers (fast-json-stringify) before it listens:
 * about a third of the server's start (measured). These are Fastify's own compilers, with the same options, run on
 * a route's first request instead: the code that checks and writes an answer is the one Fastify would have built,
 * only later (a few milliseconds on the first call of a route; routes never called cost nothing).
 * Header schemas are refused: Fastify lower-cases them only for its default compiler and no route uses one.
 * Every deferred compilation is kept in `pending`: compileAll() runs them (the tests check every route's schemas).
 */
type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type Validator = ReturnType<ReturnType<ValidatorFactory>>;
type RouteDef = Parameters<ReturnType<ValidatorFactory>>[0] & { httpPart?: string; url?: string };

type Pending = Array<() => unknown>;

function lazyValidators(factory: ValidatorFactory, pending: Pending) {
  return (...factoryArgs: Parameters<ValidatorFactory>) => {
    const compile = factory(...factoryArgs);
    return (route: RouteDef) => {
      if (route.httpPart === 'headers')
        throw new Error(`${route.url}: header schemas are not supported (lazy-schemas)`);
      let compiled: Validator | undefined;
      const get = () => (compiled ??= compile(route));
      pending.push(get);
      // Fastify reads `schemaEnv` before a call (Ajv may then coerce the root value) and `errors` after a failed one.
      const validate = function (this: unknown, ...args: unknown[]) {
        return (get() as (...a: unknown[]) => unknown).apply(this, args);
      };
      Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
      Object.defineProperty(validate, 'errors', { get: () => get().errors });
      return validate as unknown as Validator;
    };
  };
}

function lazySerializers(factory: ReturnType<typeof SerializerSelector>, pending: Pending) {
  return (...factoryArgs: Parameters<typeof factory>) => {
    const compile = factory(...factoryArgs);
    return (route: Parameters<typeof compile>[0]) => {
      let compiled: ((doc: unknown) => string) | undefined;
      const get = () => (compiled ??= compile(route));
      pending.push(get);
      return (doc: unknown) => get()(doc);
    };
  };
}

/** Fastify's `schemaController` option: its default compilers, each route's compiled on first use. */
export function lazySchemaController(): {
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Compiles every route's schemas now (what Fastify would have done before listening); throws as it would. */
  compileAll(): number;
} {
  const pending: Pending = [];
  return {
    schemaController: {
      compilersFactory: {
        buildValidator: lazyValidators(AjvCompiler(), pending) as never,
        buildSerializer: lazySerializers(SerializerSelector(), pending) as never,
      },
    },
    compileAll: () => {
      pending.forEach((compile) => compile());
      return pending.length;
    },
  };
}
