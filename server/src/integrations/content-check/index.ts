import type { Config } from '../../config';
import { createRealContentCheck } from '../wechat/content-check';
import { createSandboxContentCheck } from './sandbox';
import type { ContentCheck } from './types';

export type { ContentCheck, ImageSubmission, PushMessage, Verdict } from './types';
export { ContentCheckError } from './types';
export { SANDBOX_REVIEW_WORDS, SANDBOX_RISKY_WORDS } from './sandbox';

/** The content check follows WECHAT_MODE: WeChat's in real mode (config.ts has refused it without its keys). */
export function createContentCheck(config: Config): ContentCheck {
  if (config.WECHAT_MODE === 'real') {
    return createRealContentCheck({
      apiBase: config.WECHAT_API_BASE,
      appId: config.WECHAT_MP_APPID,
      secret: config.WECHAT_MP_SECRET,
      pushToken: config.WECHAT_PUSH_TOKEN,
      pushAesKey: config.WECHAT_PUSH_AES_KEY,
    });
  }
  return createSandboxContentCheck();
}
