import fs from 'node:fs';
import path from 'node:path';

/**
 * RSA keys for the payment stand-ins, generated once (openssl genpkey, 2048 bits) and committed: test-only, never
 * configured anywhere real. Generating 2048-bit keys in every run cost 20-40 s per test file.
 */
const read = (name: string) =>
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'payments', `${name}.pem`), 'utf8');

export const wechatStandinKeys = {
  merchant: read('wechatpay-merchant'),
  platform: read('wechatpay-platform'),
  certificates: [read('wechatpay-certificate-1'), read('wechatpay-certificate-2')],
};

export const alipayStandinKeys = { alipay: read('alipay'), app: read('alipay-app') };

/** Keys nobody configured: a forger's, another merchant's. */
export const strangerKeys = [read('stranger-1'), read('stranger-2')] as const;
