/**
 * Content security for what customers publish (a mini program that shows customers' words and pictures must pass
 * them through WeChat's checks or it is refused at review): one interface, the real WeChat client (WECHAT_MODE=real:
 * msgSecCheck v2 for text, mediaCheckAsync v2 for pictures, whose verdict arrives later by message push) and an
 * offline sandbox.
 *
 * Verdicts are WeChat's `suggest`: `pass` may be shown to everyone, `review` is held for a person (shown to its author
 * only), `risky` is refused.
 */
export type Verdict = 'pass' | 'review' | 'risky';

export interface TextCheck {
  content: string;
  /** The author's mini program openid; WeChat checks only text of someone who used the mini program lately. */
  openid?: string;
}

export interface ImageCheck {
  /** Where WeChat fetches the picture (an absolute public URL). */
  url: string;
  openid?: string;
  /** The stored picture itself (the sandbox looks at it; WeChat fetches `url`). */
  image: Buffer;
}

/** A submitted picture: its trace id, and the verdict when it is known at once (the sandbox; WeChat answers later). */
export interface ImageSubmission {
  traceId: string;
  verdict?: Verdict;
}

/** What a verified message push said (real mode). */
export type PushMessage = { kind: 'media_check'; traceId: string; verdict: Verdict } | { kind: 'other'; type: string };

export interface PushRequest {
  query: Record<string, string | undefined>;
  /** The parsed JSON body (POST). */
  body?: unknown;
}

export interface ContentCheck {
  readonly mode: 'sandbox' | 'real';
  checkText(input: TextCheck): Promise<Verdict>;
  submitImage(input: ImageCheck): Promise<ImageSubmission>;
  /**
   * WeChat's URL check when the push address is saved (GET): the `echostr` to answer, or null when the signature is
   * wrong. Sandbox: always null (it has no push).
   */
  pushEcho(query: PushRequest['query']): string | null;
  /** A push (POST), verified and decrypted: null when its signature or encryption is wrong. */
  readPush(request: PushRequest): PushMessage | null;
}

/** WeChat could not be asked, or answered an error that is not about the content: the caller should try later. */
export class ContentCheckError extends Error {
  constructor(
    message: string,
    public readonly errcode?: number,
  ) {
    super(message);
    this.name = 'ContentCheckError';
  }
}
