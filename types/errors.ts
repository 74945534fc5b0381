/**
 * The error catalogue shared by the app and the server. `code` travels in the envelope; the HTTP status mirrors
 * its class (DESIGN.md §4). 1000 and 1002 are the specification's; the others are ours.
 */
export const ErrorCode = {
  Ok: 1000,
  /** A business rule refused the request; `msg` says which. */
  Failed: 1001,
  /** Session invalid (missing, expired or revoked token): the app logs out. */
  SessionInvalid: 1002,
  /** Bad input: a parameter is missing, of the wrong type or out of range. */
  Validation: 1003,
  NotFound: 1004,
  Conflict: 1005,
  Forbidden: 1006,
  RateLimited: 1007,
  Internal: 1500,
  Unavailable: 1503,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const HttpStatusOf: Record<ErrorCodeValue, number> = {
  [ErrorCode.Ok]: 200,
  [ErrorCode.Failed]: 400,
  [ErrorCode.SessionInvalid]: 401,
  [ErrorCode.Validation]: 400,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Internal]: 500,
  [ErrorCode.Unavailable]: 503,
};
