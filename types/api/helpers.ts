import { Type, type TLiteral, type TSchema } from '@sinclair/typebox';

/** A string enum from one of the value lists in ../catalogue.ts. */
export const OneOf = <T extends string>(values: readonly T[], options: { description?: string; default?: T } = {}) =>
  Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T>[], options);

export const Nullable = <T extends TSchema>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});
