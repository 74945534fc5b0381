import { Type, type TLiteral, type TSchema } from '@sinclair/typebox';

/** A string enum from one of the value lists in ../catalogue.ts. */
export const OneOf = <T extends string>(values: readonly T[], options: { description?: string; default?: T } = {}) =>
  Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T>[], options);

export const Nullable = <T extends TSchema>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

/**
 * A number or null in a request. Not a Union: Ajv coerces types (query strings need it) and, trying the number branch
 * first, turns null into 0 (a saved address at 0,0); `nullable` makes Ajv accept null before coercing anything.
 */
export const NullableNumber = (options: { description?: string; minimum?: number; maximum?: number } = {}) =>
  Type.Unsafe<number | null>({ ...options, type: 'number', nullable: true });
