import { randomBytes } from 'node:crypto';
import type { ContentCheck, Verdict } from './types';

/**
 * Words the sandbox refuses (`risky`) or holds (`review`), matched case-insensitively anywhere in the text: a short,
 * documented list for tests and demos, not a moderation policy (WeChat's check is the real one).
 */
export const SANDBOX_RISKY_WORDS = ['sandbox-risky', '违禁词', 'forbidden-word'];
export const SANDBOX_REVIEW_WORDS = ['sandbox-review', '待审内容'];

/**
 * The sandbox's picture marker: a picture whose average colour is magenta (red and blue above 200, green below 60,
 * as a test draws it; no photo of food looks like that) is `risky`. Every other picture passes.
 */
export async function isMarkerPicture(image: Buffer): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  const { channels } = await sharp(image).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return r! > 200 && g! < 60 && b! > 200;
}

/** Offline and deterministic; answers pictures at once (WeChat answers them later, by push). */
export function createSandboxContentCheck(): ContentCheck {
  const textVerdict = (content: string): Verdict => {
    const text = content.toLowerCase();
    if (SANDBOX_RISKY_WORDS.some((w) => text.includes(w.toLowerCase()))) return 'risky';
    if (SANDBOX_REVIEW_WORDS.some((w) => text.includes(w.toLowerCase()))) return 'review';
    return 'pass';
  };
  return {
    mode: 'sandbox',
    async checkText({ content }) {
      return textVerdict(content);
    },
    async submitImage({ image }) {
      return {
        traceId: `sbx-${randomBytes(12).toString('hex')}`,
        verdict: (await isMarkerPicture(image)) ? 'risky' : 'pass',
      };
    },
    pushEcho: () => null,
    readPush: () => null,
  };
}
