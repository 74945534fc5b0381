import { createPrivateKey, createPublicKey } from 'node:crypto';
import { createAlipayProvider } from '../../../server/src/integrations/payments/alipay/provider';
import { createWechatPayProvider } from '../../../server/src/integrations/payments/wechatpay/provider';
import type { AlipayStandin } from '../../../standins/alipay';
import type { WechatPayStandin } from '../../../standins/wechatpay';

type WechatPayOptions = Parameters<typeof createWechatPayProvider>[0];
type AlipayOptions = Parameters<typeof createAlipayProvider>[0];

/**
 * Our real WeChat Pay client aimed at a stand-in, with the merchant keys the stand-in made: answers and notices
 * verified with its WeChat Pay public key (`public-key`, what new merchants get), its platform certificates
 * (`certificate`) or both (a merchant's migration). Mini program `wxmp` and official account `wxoa` unless `over`
 * names others.
 */
export function wechatPayFor(
  standin: WechatPayStandin,
  now: () => number,
  mode: 'public-key' | 'certificate' | 'both' = 'public-key',
  over: Partial<WechatPayOptions> = {},
) {
  return createWechatPayProvider({
    apiBase: standin.url,
    mchid: standin.mchid,
    serialNo: standin.merchant.serialNo,
    privateKey: createPrivateKey(standin.merchant.privateKeyPem),
    apiV3Key: standin.merchant.apiV3Key,
    ...(mode !== 'certificate'
      ? { publicKey: { id: standin.platform.publicKeyId, key: createPublicKey(standin.platform.publicKeyPem) } }
      : {}),
    ...(mode !== 'public-key' ? { certificates: true } : {}),
    mpAppId: 'wxmp',
    oaAppId: 'wxoa',
    now,
    ...over,
  });
}

/** Our real Alipay client aimed at a stand-in, with the app key and Alipay public key the stand-in made. */
export function alipayFor(standin: AlipayStandin, now: () => number, over: Partial<AlipayOptions> = {}) {
  return createAlipayProvider({
    appId: standin.appId,
    sellerId: standin.sellerId,
    privateKey: standin.appPrivateKeyPem,
    alipayPublicKey: standin.alipayPublicKeyPem,
    gateway: standin.gateway,
    now,
    ...over,
  });
}
