import type { SubscribeGrants, SubscribeTemplates } from '../../types/api/notify';
import type { Http } from './http';

/** WeChat subscribe messages (issue 18): the templates to ask for, and what the customer allowed. */
export function notifyApi(http: Http) {
  return {
    templates: () => http.get<SubscribeTemplates>('subscribe/templates'),
    /** What requestSubscribeMessage answered (template id -> accept | reject | ban | filter). */
    grant: (results: Record<string, string>) => http.post<SubscribeGrants>('subscribe/grant', { results }),
  };
}

export type NotifyApi = ReturnType<typeof notifyApi>;
