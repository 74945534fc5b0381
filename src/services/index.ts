import { articlesApi } from './articles';
import type { Http } from './http';

export { ApiError, HttpError, createHttp } from './http';
export type { Http, HttpDeps } from './http';

/** One object per API area; one function per endpoint. */
export function createApi(http: Http) {
  return {
    articles: articlesApi(http),
  };
}

export type Api = ReturnType<typeof createApi>;
