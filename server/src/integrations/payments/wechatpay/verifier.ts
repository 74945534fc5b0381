import { X509Certificate, type KeyObject } from 'node:crypto';
import { lines, MAX_SKEW_MS, rsaVerify, SIGNTEST_PREFIX } from './crypto';

export type Headers = Record<string, string | string[] | undefined>;

export type VerifyFailure = 'signature' | 'timestamp' | 'serial' | 'probe' | 'missing';
export type Verified = { ok: true; serial: string } | { ok: false; reason: VerifyFailure };

/** A platform certificate as `/v3/certificates` gives it, decrypted. */
export interface PlatformCertificate {
  serial: string;
  key: KeyObject;
  /** Epoch ms. */
  expiresAt: number;
}

const header = (headers: Headers, name: string) => {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** The serial number of a PEM certificate, as WeChat Pay writes it (upper-case hex). */
export function certificateOf(pem: string): PlatformCertificate {
  const cert = new X509Certificate(pem);
  return { serial: cert.serialNumber.toUpperCase(), key: cert.publicKey, expiresAt: Date.parse(cert.validTo) };
}

/**
 * Checks WeChat Pay's signatures on answers and notifications: `Wechatpay-Timestamp`, `-Nonce`, `-Signature` over
 * `TS\nNONCE\nBODY\n` of the raw bytes, the key chosen by `Wechatpay-Serial`: the WeChat Pay public key (its id
 * `PUB_KEY_ID_…`, what new merchants get) or a platform certificate (downloaded and rotated by serial), or either
 * while a merchant migrates from certificates to the public key (notifications move over gradually).
 */
export function createVerifier(options: {
  publicKey?: { id: string; key: KeyObject };
  now: () => number;
  /** Certificate mode: fetches `/v3/certificates` (answers the certificates it verified). */
  loadCertificates?: () => Promise<PlatformCertificate[]>;
  /** The least time between two downloads prompted by an unknown serial (someone could send many). */
  refreshGapMs?: number;
}) {
  const certificates = new Map<string, PlatformCertificate>();
  const gap = options.refreshGapMs ?? 60_000;
  let lastLoad = -Infinity;
  let loading: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    if (!options.loadCertificates) return;
    if (loading) return loading;
    if (options.now() - lastLoad < gap) return;
    lastLoad = options.now();
    loading = options
      .loadCertificates()
      .then((list) => {
        for (const c of list) certificates.set(c.serial, c);
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function keyFor(serial: string): Promise<KeyObject | null> {
    if (options.publicKey && serial === options.publicKey.id) return options.publicKey.key;
    let cert = certificates.get(serial);
    if (!cert && options.loadCertificates) {
      await refresh();
      cert = certificates.get(serial);
    }
    if (!cert || cert.expiresAt <= options.now()) return null;
    return cert.key;
  }

  return {
    /** Verifies over the exact bytes received. Never throws on bad input (a failed download is thrown). */
    async verify(headers: Headers, rawBody: string | Buffer): Promise<Verified> {
      const timestamp = header(headers, 'wechatpay-timestamp');
      const nonceStr = header(headers, 'wechatpay-nonce');
      const signature = header(headers, 'wechatpay-signature');
      const serial = header(headers, 'wechatpay-serial');
      if (!timestamp || !nonceStr || !signature || !serial) return { ok: false, reason: 'missing' };
      // WeChat Pay's probes carry a signature that cannot verify: refused like any bad signature (never skipped).
      if (signature.startsWith(SIGNTEST_PREFIX)) return { ok: false, reason: 'probe' };
      const seconds = Number(timestamp);
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(options.now() - seconds * 1000) >= MAX_SKEW_MS) {
        return { ok: false, reason: 'timestamp' };
      }
      const key = await keyFor(serial);
      if (!key) return { ok: false, reason: 'serial' };
      const body = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
      if (!rsaVerify(key, Buffer.from(lines(timestamp, nonceStr, body), 'utf8'), signature)) {
        return { ok: false, reason: 'signature' };
      }
      return { ok: true, serial };
    },

    /** Certificates known now (tests, and the first download). */
    certificates: () => [...certificates.values()],
    add(cert: PlatformCertificate) {
      certificates.set(cert.serial, cert);
    },
  };
}

export type Verifier = ReturnType<typeof createVerifier>;
