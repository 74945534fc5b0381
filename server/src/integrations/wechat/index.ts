import type { Config } from '../../config';
import { createRealWechat } from './real';
import { createSandboxWechat } from './sandbox';
import type { Wechat } from './types';

export type {
  MiniProgramCodeImage,
  MiniProgramCodeRequest,
  MiniProgramSession,
  OauthScope,
  OfficialAccountUser,
  SubscribeMessage,
  Wechat,
} from './types';
export { fitSubscribeField, subscribeFieldProblem } from './subscribe-fields';
export { WechatError } from './types';
export { SANDBOX_OA_PERSON } from './sandbox';

/** The sandbox's stand-in for WeChat's authorize page (served by the accounts module in sandbox mode). */
export const SANDBOX_AUTHORIZE_PATH = '/api/szeat/wxsandbox/authorize';

/** WECHAT_MODE picks the client; loadConfig has already refused real mode without its keys. */
export function createWechat(config: Config): Wechat {
  if (config.WECHAT_MODE === 'real') {
    return createRealWechat({
      apiBase: config.WECHAT_API_BASE,
      oauthBase: config.WECHAT_OAUTH_BASE,
      mpAppId: config.WECHAT_MP_APPID,
      mpSecret: config.WECHAT_MP_SECRET,
      oaAppId: config.WECHAT_OA_APPID,
      oaSecret: config.WECHAT_OA_SECRET,
      envVersion: config.WECHAT_MP_ENV_VERSION,
    });
  }
  return createSandboxWechat({
    authorizeBase: `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}${SANDBOX_AUTHORIZE_PATH}`,
    secret: config.WECHAT_SANDBOX_SECRET,
  });
}
