/**
 * `npm run payments:standin [-- --mode public-key|certificate|both]`: the WeChat Pay and Alipay stand-ins for a demo
 * of real mode. Starts both on loopback (WECHATPAY_STANDIN_PORT, default 8701; ALIPAY_STANDIN_PORT, default 8702)
 * with freshly generated keys, writes the merchant's keys and the server's settings to data/payments-standin/
 * (demo.env: PAYMENT_PROVIDER=real aimed at the stand-ins) and runs until stopped. Start the server with that file
 * afterwards (README "Real payments: an end-to-end demo"); the keys change with every start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startAlipayStandin } from '../standins/alipay';
import { startWechatPayStandin } from '../standins/wechatpay';

async function main() {
  const args = process.argv.slice(2);
  const modeAt = args.indexOf('--mode');
  const mode = (modeAt >= 0 ? args[modeAt + 1] : 'public-key') as 'public-key' | 'certificate' | 'both';
  if (!['public-key', 'certificate', 'both'].includes(mode)) {
    console.error('--mode takes public-key, certificate or both');
    process.exit(2);
  }
  const site = process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT || 3000}`;
  const log = (line: string) => console.log(line);
  const wechat = await startWechatPayStandin({
    mode,
    port: Number(process.env.WECHATPAY_STANDIN_PORT || 8701),
    appIds: ['wxstandinminiprog', 'wxstandinofficial'],
    log,
  });
  const alipay = await startAlipayStandin({ port: Number(process.env.ALIPAY_STANDIN_PORT || 8702), log });

  const dir = path.resolve(__dirname, '..', 'data', 'payments-standin');
  fs.mkdirSync(dir, { recursive: true });
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text, { mode: 0o600 });
    return p;
  };
  const env = [
    '# Written by npm run payments:standin: real mode against the local stand-ins (test keys, never real ones).',
    'PAYMENT_PROVIDER=real',
    `PUBLIC_BASE_URL=${site}`,
    `WECHATPAY_API_BASE=${wechat.url}`,
    `WECHATPAY_MCHID=${wechat.mchid}`,
    `WECHATPAY_MCH_SERIAL_NO=${wechat.merchant.serialNo}`,
    `WECHATPAY_MCH_PRIVATE_KEY_FILE=${file('wechatpay-merchant-key.pem', wechat.merchant.privateKeyPem)}`,
    `WECHATPAY_API_V3_KEY=${wechat.merchant.apiV3Key}`,
    ...(mode !== 'certificate'
      ? [
          `WECHATPAY_PUBLIC_KEY_ID=${wechat.platform.publicKeyId}`,
          `WECHATPAY_PUBLIC_KEY_FILE=${file('wechatpay-public-key.pem', wechat.platform.publicKeyPem)}`,
        ]
      : []),
    `WECHATPAY_PLATFORM_CERTIFICATES=${mode === 'public-key' ? '0' : '1'}`,
    'WECHAT_MP_APPID=wxstandinminiprog',
    'WECHAT_OA_APPID=wxstandinofficial',
    `ALIPAY_GATEWAY=${alipay.gateway}`,
    `ALIPAY_APP_ID=${alipay.appId}`,
    `ALIPAY_SELLER_ID=${alipay.sellerId}`,
    `ALIPAY_PRIVATE_KEY_FILE=${file('alipay-app-key.pem', alipay.appPrivateKeyPem)}`,
    `ALIPAY_PUBLIC_KEY_FILE=${file('alipay-public-key.pem', alipay.alipayPublicKeyPem)}`,
    '',
  ].join('\n');
  const envFile = file('demo.env', env);

  console.log(`WeChat Pay stand-in (${mode} mode): ${wechat.url}  (the buyer's phone: ${wechat.url}/standin/)`);
  console.log(`Alipay stand-in: ${alipay.gateway}`);
  console.log(`Server settings: ${envFile}`);
  console.log(
    `Start the server in another terminal:  set -a; . ${path.relative(process.cwd(), envFile)}; set +a; npm run dev`,
  );
  console.log(
    "Notifications go to each trade's notify_url (PUBLIC_BASE_URL/api/szeat/payments/notify/{wechat,alipay}).",
  );

  const stop = async () => {
    await Promise.all([wechat.close(), alipay.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
