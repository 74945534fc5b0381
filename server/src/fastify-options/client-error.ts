import type { Socket } from 'node:net';
import { ErrorCode } from '../../../types/errors';
import { DEFAULT_LANG, parseLang } from '../../../types/lang';
import { translate } from '../i18n/messages';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (headers over 16 KB, malformed request lines)
 * would get Node's own `{"error":…}` body: they get the envelope instead, in the language of their Accept-Language
 * header when the part that arrived has one.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const err = error as ClientError;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const raw = err.rawPacket?.toString('latin1') ?? '';
  const lang = parseLang(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]) ?? DEFAULT_LANG;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    code: ErrorCode.Validation,
    msg: translate(lang, tooLarge ? 'error.headers_too_large' : 'error.bad_request'),
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
