import { Type, type Static } from '@sinclair/typebox';
import { QR_FORMATS, QR_KINDS } from '../codes';
import { OneOf } from './helpers';
import { Id } from './places';

export const QrCodeQuery = Type.Object({
  kind: OneOf(QR_KINDS),
  id: Type.Optional(Id),
  format: Type.Optional(OneOf(QR_FORMATS, { default: 'png' })),
});
export type QrCodeQuery = Static<typeof QrCodeQuery>;
