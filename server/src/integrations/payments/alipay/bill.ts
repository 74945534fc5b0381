import { crc32, inflateRawSync } from 'node:zlib';
import { yuanToFen } from '../money';
import type { BillLine } from '../types';
import { PaymentProviderError } from '../types';

/**
 * The files of a zip archive (Alipay's bill download): read through the central directory, stored or deflated
 * entries, each checked against its CRC-32. Small and strict: anything else is refused, not guessed at.
 */
export function unzip(zip: Buffer): Array<{ name: string; data: Buffer }> {
  const bad = (why: string): never => {
    throw new PaymentProviderError(`bill archive: ${why}`, 'BILL_FORMAT');
  };
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) bad('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Array<{ name: string; data: Buffer }> = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) bad('broken central directory');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const rawName = zip.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: UTF-8 names; otherwise Alipay's tools write GBK.
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'gbk').decode(rawName);
    at += 46 + nameLength + extra + comment;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) bad(`broken entry ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + size);
    const data = method === 0 ? Buffer.from(packed) : method === 8 ? inflateRawSync(packed) : bad(`method ${method}`);
    if (crc32(data) !== crc) bad(`CRC mismatch in ${name}`);
    if (!name.endsWith('/')) files.push({ name, data });
  }
  return files;
}

/** One CSV line split on commas (Alipay's bill quotes nothing; a field may carry a tab for spreadsheet tools). */
const fields = (line: string) => line.split(',').map((f) => f.replace(/^[\t ]+|[\t ]+$/g, ''));

/**
 * Alipay's trade bill (`业务明细`, GBK text once unzipped): comment lines start with `#`, then a header naming the
 * columns, one line per trade (`交易`) or refund (`退款`, negative amounts, with its out_request_no), then comments again.
 * Columns are found by their names; amounts are yuan turned into fen as text.
 */
export function parseAlipayBill(text: string): BillLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const head = fields(rows[0] ?? '');
  const col = (name: string) => head.findIndex((h) => h.startsWith(name));
  const c = {
    tradeNo: col('支付宝交易号'),
    outTradeNo: col('商户订单号'),
    type: col('业务类型'),
    amount: col('订单金额'),
    refundNo: col('退款批次号'),
  };
  if (Object.values(c).some((i) => i < 0)) {
    throw new PaymentProviderError('Alipay bill: unexpected header', 'BILL_FORMAT');
  }
  return rows.slice(1).map((line) => {
    const f = fields(line);
    const amount = yuanToFen(f[c.amount] ?? '');
    if (amount === null) throw new PaymentProviderError(`Alipay bill: amount ${f[c.amount]}`, 'BILL_FORMAT');
    const type = f[c.type] ?? '';
    const base = { outTradeNo: f[c.outTradeNo] ?? '', transactionId: f[c.tradeNo] ?? '', rawState: type };
    return type === '退款'
      ? { ...base, kind: 'refund' as const, amountFen: Math.abs(amount), refundNo: f[c.refundNo] ?? '' }
      : { ...base, kind: 'payment' as const, amountFen: amount };
  });
}
