import fp from 'fastify-plugin';
import { DEFAULT_LANG, parseLang, type Lang } from '../../../../types/lang';
import { translate, type MessageKey, type MessageParams } from '../../i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    t(key: MessageKey, params?: MessageParams): string;
  }
}

/** The request's language: Accept-Language, then the `_lang` query parameter, then cn (spec §1, DESIGN §4). */
// A named function: for an anonymous one fastify-plugin reads a stack trace (slow at start) to name the plugin.
export const languagePlugin = fp(async function language(app) {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.decorateRequest('t', function (this: { lang: Lang }, key: MessageKey, params?: MessageParams) {
    return translate(this.lang, key, params);
  });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (req, _reply, done) => {
    const query = req.query as Record<string, unknown> | undefined;
    const fromQuery = typeof query?._lang === 'string' ? parseLang(query._lang) : undefined;
    req.lang = parseLang(req.headers['accept-language']) ?? fromQuery ?? DEFAULT_LANG;
    done();
  });
});
