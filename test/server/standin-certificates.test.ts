/**
 * The WeChat Pay stand-in's platform certificates: the serial it signs notices with is the serial our client reads
 * out of the certificate it downloads. A serial whose first byte was zero (one in 256 random ones) came back from
 * `X509Certificate` without it, or not at all (illegal padding), so a rotated certificate's first notice failed
 * verification now and then (CI, payments-wechatpay-notices on postgres).
 */
import { generateKeyPairSync } from 'node:crypto';
import { certificateOf } from '../../server/src/integrations/payments/wechatpay/verifier';
import { certificateSerial, selfSignedCertificate } from '../../standins/x509';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const certificate = (serialHex: string) =>
  selfSignedCertificate({
    serialHex,
    commonName: 'Tenpay.com Root CA (stand-in)',
    publicKey,
    privateKey,
    notBefore: Date.UTC(2026, 9, 1),
    notAfter: Date.UTC(2031, 9, 1),
  });

test('every serial the stand-in draws reads back the same from its certificate, including from all-zero bytes', () => {
  const draws = [Buffer.alloc(20), Buffer.alloc(20, 0xff), Buffer.from([0, 0x80, ...Array(18).fill(1)])];
  for (const random of draws) {
    const serial = certificateSerial(random);
    expect(serial).toMatch(/^[0-9A-F]{40}$/);
    expect(certificateOf(certificate(serial)).serial).toBe(serial);
  }
});

test('a serial that cannot read back the same is refused when the certificate is made, not when a notice fails', () => {
  expect(() => certificate('00AB12')).toThrow(/first not zero/);
  expect(() => certificate('ABC')).toThrow(/whole bytes/);
  expect(certificateOf(certificate('7F00')).serial).toBe('7F00');
  expect(certificateOf(certificate('80AA')).serial).toBe('80AA');
});
