import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Every response is this envelope (DESIGN.md §4). */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });
export const ErrorEnvelope = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() });

export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 50;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
});
export type PageQuery = Static<typeof PageQuery>;

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    page_size: Type.Integer(),
    has_more: Type.Boolean(),
  });

export interface PagedData<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
}

/**
 * A 1003 (bad input) answer may name the first field that failed, by its request name, so a form can mark it;
 * `msg` already says what is wrong in the customer's words. Other errors carry `data: null`.
 */
export const FieldErrorData = Type.Object({ field: Type.String() });
export type FieldErrorData = Static<typeof FieldErrorData>;
export const FieldErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Union([FieldErrorData, Type.Null()]),
});
