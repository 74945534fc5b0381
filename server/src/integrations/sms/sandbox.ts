import type { SmsMessage, SmsSender } from './types';

export interface SandboxSms extends SmsSender {
  readonly provider: 'sandbox';
  /** Everything "sent", oldest first (tests read codes here). */
  readonly outbox: SmsMessage[];
  /** The latest message to a phone, if any. */
  lastTo(phone: string): SmsMessage | undefined;
}

/** Sends nothing: logs what a provider would receive and keeps it in memory. The default. */
export function createSandboxSms(log: (line: string) => void = (line) => console.log(line)): SandboxSms {
  const outbox: SmsMessage[] = [];
  return {
    provider: 'sandbox',
    outbox,
    lastTo: (phone) => [...outbox].reverse().find((m) => m.phone === phone),
    async send(message) {
      outbox.push(message);
      if (outbox.length > 1000) outbox.shift();
      log(`[sms sandbox] to ${message.phone}: ${message.text}`);
    },
  };
}
