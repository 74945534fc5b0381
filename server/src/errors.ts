import { ErrorCode, HttpStatusOf, type ErrorCodeValue } from '../../types/errors';
import type { MessageKey, MessageParams } from './i18n/messages';

/** A failure the customer should read: translated at the edge into the request's language. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCodeValue,
    public readonly key: MessageKey,
    public readonly params: MessageParams = {},
    /** Sent as the envelope's `data` (e.g. `{field}` on 1003); null when absent. */
    public readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
    this.name = 'AppError';
  }

  get status(): number {
    return HttpStatusOf[this.code];
  }
}

export const notFound = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.NotFound, key, params);
export const invalid = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.Validation, key, params);
/** Bad input in one named field (its request name): `data.field` lets a form mark it. */
export const invalidField = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError(ErrorCode.Validation, key, params, { field });
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.Conflict, key, params);
export const failed = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.Failed, key, params);
