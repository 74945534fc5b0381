import { createSign, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A self-signed X.509 certificate in a few lines of DER, for the WeChat Pay stand-in's platform certificates (node can
 * read certificates but not write them). RSA with SHA-256, a common name, a serial number and a validity window.
 */
const len = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const integer = (b: Buffer) => tlv(0x02, b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
function oid(dotted: string) {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}
const utcTime = (ms: number) => {
  const iso = new Date(ms).toISOString(); // 2026-10-01T04:00:00.000Z -> 261001040000Z
  return tlv(
    0x17,
    Buffer.from(
      `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`,
    ),
  );
};
const name = (cn: string) => seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn, 'utf8')))));

/**
 * A certificate serial number as WeChat Pay gives them (40 upper-case hex digits) that survives DER: a positive
 * integer whose first byte is not zero, so the serial a reader parses out of the certificate (`X509Certificate`'s
 * `serialNumber`) is the one the stand-in puts in `Wechatpay-Serial`. A leading zero byte would be dropped by the
 * reader (or refused as illegal padding), one certificate in 256.
 */
export function certificateSerial(random: Buffer = randomBytes(20)): string {
  const bytes = Buffer.from(random);
  bytes[0] = (bytes[0]! % 0x7f) + 1;
  return bytes.toString('hex').toUpperCase();
}

export function selfSignedCertificate(p: {
  serialHex: string;
  commonName: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
  notBefore: number;
  notAfter: number;
}): string {
  if (!/^([0-9A-F]{2})+$/i.test(p.serialHex) || p.serialHex.startsWith('00')) {
    throw new Error(
      `certificate serial ${p.serialHex}: whole bytes of hex, the first not zero (see certificateSerial)`,
    );
  }
  const alg = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(Buffer.from(p.serialHex, 'hex')),
    alg,
    name(p.commonName),
    seq(utcTime(p.notBefore), utcTime(p.notAfter)),
    name(p.commonName),
    p.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('RSA-SHA256').update(tbs).sign(p.privateKey);
  const der = seq(tbs, alg, tlv(0x03, Buffer.from([0]), signature));
  const b64 = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
}
