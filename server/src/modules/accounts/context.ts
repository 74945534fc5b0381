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
  /** The site's configured origin (PUBLIC_BASE_URL, else the listening address): the allowed OAuth return origin. */
  origin: string;
}
