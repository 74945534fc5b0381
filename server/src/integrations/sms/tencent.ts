import { createHash, createHmac } from 'node:crypto';
import { SmsError, type SmsSender } from './types';

export interface TencentSmsOptions {
  apiBase: string;
  region: string;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  timeoutMs?: number;
  now?: () => number;
}

const SERVICE = 'sms';
const VERSION = '2021-01-11';
const ACTION = 'SendSms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) for a POST with a JSON body and the content-type and host
 * headers signed. Exported for the tests' fake server, which checks it independently of the request it receives.
 */
export function tc3Authorization(p: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
}): string {
  const date = new Date(p.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${p.host}\n`,
    'content-type;host',
    sha256Hex(p.payload),
  ].join('\n');
  const scope = `${date}/${p.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(p.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${p.secretKey}`, date), p.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${p.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

interface SendSmsAnswer {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: Array<{ Code: string; Message: string; PhoneNumber: string; SerialNo?: string }>;
    RequestId?: string;
  };
}

/** Tencent Cloud SMS (SendSms, API 3.0). The template takes the code as {1} and the minutes valid as {2}. */
export function createTencentSms(o: TencentSmsOptions): SmsSender {
  const endpoint = new URL(o.apiBase);
  const now = o.now ?? Date.now;
  return {
    provider: 'tencent',
    async send(message) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${message.phone}`],
        SmsSdkAppId: o.sdkAppId,
        SignName: o.signName,
        TemplateId: o.templateId,
        TemplateParamSet: message.params,
      });
      const timestamp = Math.floor(now() / 1000);
      const headers = {
        Authorization: tc3Authorization({
          secretId: o.secretId,
          secretKey: o.secretKey,
          service: SERVICE,
          host: endpoint.host,
          timestamp,
          payload,
        }),
        'Content-Type': CONTENT_TYPE,
        Host: endpoint.host,
        'X-TC-Action': ACTION,
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Version': VERSION,
        'X-TC-Region': o.region,
      };
      let answer: SendSmsAnswer;
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(o.timeoutMs ?? 10000),
        });
        const text = await res.text();
        if (!res.ok) throw new SmsError(`Tencent SMS: HTTP ${res.status}`);
        answer = JSON.parse(text) as SendSmsAnswer;
      } catch (e) {
        if (e instanceof SmsError) throw e;
        throw new SmsError(`Tencent SMS: ${(e as Error).message}`);
      }
      const error = answer.Response?.Error;
      if (error) throw new SmsError(`Tencent SMS: ${error.Code} ${error.Message}`, error.Code);
      const status = answer.Response?.SendStatusSet?.[0];
      if (!status) throw new SmsError('Tencent SMS: no send status in the answer');
      if (status.Code !== 'Ok') throw new SmsError(`Tencent SMS: ${status.Code} ${status.Message}`, status.Code);
    },
  };
}
