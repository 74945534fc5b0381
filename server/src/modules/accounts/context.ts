import type { Lang } from '../../../../types/lang';
import type { Platform } from '../../auth/sessions';

/** What the services need of the request. */
export interface RequestContext {
  ip: string;
  lang: Lang;
  /** The signed-in customer, if the request carries a live session. */
  userId?: number;
  sessionId?: number;
  platform: Platform;
  /** scheme://host[:port] the request came to (the allowed OAuth return origin when PUBLIC_BASE_URL is empty). */
  origin: string;
}
