import type { Config } from '../../config';
import { createSandboxSms } from './sandbox';
import { createTencentSms } from './tencent';
import type { SmsSender } from './types';

export type { SandboxSms } from './sandbox';
export type { SmsMessage, SmsSender } from './types';
export { SmsError } from './types';

/** SMS_PROVIDER picks the sender; loadConfig has already refused tencent without its keys. */
export function createSms(config: Config): SmsSender {
  if (config.SMS_PROVIDER === 'tencent') {
    return createTencentSms({
      apiBase: config.SMS_API_BASE,
      region: config.SMS_REGION,
      secretId: config.SMS_SECRET_ID,
      secretKey: config.SMS_SECRET_KEY,
      sdkAppId: config.SMS_SDK_APP_ID,
      signName: config.SMS_SIGN_NAME,
      templateId: config.SMS_TEMPLATE_ID,
    });
  }
  return createSandboxSms(config.LOG_LEVEL === 'silent' ? () => undefined : undefined);
}
