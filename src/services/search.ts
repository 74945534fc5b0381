import type { MultipleSearch, MultipleSearchQuery } from '../../types/api/search';
import type { Http } from './http';

/** One keyword across restaurants, dishes and news. */
export function searchApi(http: Http) {
  return {
    multiple: (query: MultipleSearchQuery) => http.get<MultipleSearch>('multiplesearch', { ...query }),
  };
}

export type SearchApi = ReturnType<typeof searchApi>;
