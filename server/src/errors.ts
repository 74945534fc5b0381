import { ErrorCode, HttpStatusOf, type ErrorCodeValue } from '../../types/errors';
import type { MessageKey, MessageParams } from './i18n/messages';

/** A failure the customer should read: translated at the edge into the request's language. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCodeValue,
    public readonly key: MessageKey,
    public readonly params: MessageParams = {},
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
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.Conflict, key, params);
export const failed = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.Failed, key, params);
