/** Text messages (SMS codes). Providers send templates, so a message carries both its template parameters and text. */
export interface SmsMessage {
  /** 11-digit mainland number. */
  phone: string;
  purpose: 'reset_password';
  /** Template parameters in order: for reset_password, [code, minutes valid]. */
  params: string[];
  /** The whole text, in the customer's language (what the sandbox logs; real templates hold their own text). */
  text: string;
}

export interface SmsSender {
  readonly provider: 'sandbox' | 'tencent';
  send(message: SmsMessage): Promise<void>;
}

export class SmsError extends Error {
  constructor(
    message: string,
    public readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}
