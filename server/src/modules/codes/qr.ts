import type { QrFormat } from '../../../../types/codes';

export interface CodeImage {
  contentType: string;
  body: Buffer;
}

/**
 * Error correction M (15 %) survives print and a phone held at an angle without making a long URL's code too dense;
 * a 4-module quiet zone is what the QR standard asks for.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** A standard QR code of text, as a PNG (8 pixels a module) or an SVG. */
export async function drawQr(text: string, format: QrFormat): Promise<CodeImage> {
  // Loaded on the first code drawn, not at start (with its PNG encoder, a tenth of a second of the server's start).
  const { default: QRCode } = await import('qrcode');
  if (format === 'svg') {
    const svg = await QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
    return { contentType: 'image/svg+xml', body: Buffer.from(svg, 'utf8') };
  }
  const png = await QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', scale: 8 });
  return { contentType: 'image/png', body: png };
}
