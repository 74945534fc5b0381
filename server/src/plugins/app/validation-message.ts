import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { MessageKey } from '../../i18n/messages';

const TYPE_KEYS: Record<string, MessageKey> = {
  integer: 'type.integer',
  number: 'type.number',
  string: 'type.string',
  boolean: 'type.boolean',
  object: 'type.object',
  array: 'type.array',
};

/** Turns Ajv's first error into one sentence in the request's language, naming the field. */
export function validationMessage(
  req: FastifyRequest,
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): string {
  const e = errors[0];
  if (!e) return req.t('validation.invalid', { field: context ?? 'request' });
  const params = e.params as Record<string, unknown>;
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  let field = path || context || 'request';
  switch (e.keyword) {
    case 'required':
      field = [path, String(params.missingProperty)].filter(Boolean).join('.');
      return req.t('validation.required', { field });
    case 'additionalProperties':
      return req.t('validation.additional', { field: String(params.additionalProperty) });
    case 'type': {
      const typeKey = TYPE_KEYS[String(params.type).split(',')[0]!];
      return req.t('validation.type', { field, expected: typeKey ? req.t(typeKey) : String(params.type) });
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return req.t('validation.minimum', { field, limit: String(params.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return req.t('validation.maximum', { field, limit: String(params.limit) });
    case 'minLength':
      return req.t('validation.minLength', { field, limit: String(params.limit) });
    case 'maxLength':
      return req.t('validation.maxLength', { field, limit: String(params.limit) });
    case 'pattern':
      return req.t('validation.pattern', { field });
    case 'format':
      return req.t('validation.format', { field });
    case 'enum':
    case 'const':
    case 'anyOf':
      return req.t('validation.enum', { field });
    default:
      return req.t('validation.invalid', { field });
  }
}
