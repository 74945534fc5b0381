/**
 * Server-Sent Events, read by hand where the platform has no EventSource (the mini program's chunked request): an
 * incremental parser of the text/event-stream format (WHATWG HTML §9.2.6) and an incremental UTF-8 decoder for the
 * chunks (a character may be split between two chunks; the mini program has no TextDecoder on every base library).
 */

/** One dispatched event: `id` is the stream's last event id when it was dispatched ('' when none was sent yet). */
export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

/** Feeds text in any pieces; calls onMessage for every complete event and onRetry for a `retry:` field. */
export function sseParser(onMessage: (m: SseMessage) => void, onRetry?: (ms: number) => void) {
  let pending = '';
  let lastId = '';
  let event = '';
  let data: string[] = [];
  let first = true;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onMessage({ id: lastId, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return; // a comment (heartbeat)
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  }

  return {
    push(text: string) {
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      pending += text;
      // A line ends with CRLF, LF or CR; a CR at the very end may be the first half of a CRLF still to come.
      const re = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(pending)) !== null) {
        line(pending.slice(start, m.index));
        start = m.index + m[0].length;
      }
      pending = pending.slice(start);
    },
    /** The id of the last event seen (for Last-Event-ID on the next connection). */
    lastId: () => lastId,
  };
}

/** Decodes UTF-8 bytes arriving in chunks: a sequence cut at a chunk's end waits for the next chunk. */
export function utf8Decoder() {
  const native = typeof TextDecoder === 'undefined' ? undefined : (new TextDecoder('utf-8') as TextDecoder | undefined);
  let carry: number[] = [];
  return (chunk: ArrayBuffer | Uint8Array): string => {
    const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
    if (native) return native.decode(bytes, { stream: true });
    const all = carry.length ? Uint8Array.from([...carry, ...bytes]) : bytes;
    carry = [];
    let out = '';
    let i = 0;
    while (i < all.length) {
      const b = all[i]!;
      const len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (i + len > all.length) {
        carry = Array.from(all.subarray(i));
        break;
      }
      let cp: number;
      if (len === 1) cp = b < 0x80 ? b : 0xfffd;
      else if (len === 2) cp = ((b & 0x1f) << 6) | (all[i + 1]! & 0x3f);
      else if (len === 3) cp = ((b & 0x0f) << 12) | ((all[i + 1]! & 0x3f) << 6) | (all[i + 2]! & 0x3f);
      else cp = ((b & 0x07) << 18) | ((all[i + 1]! & 0x3f) << 12) | ((all[i + 2]! & 0x3f) << 6) | (all[i + 3]! & 0x3f);
      out += String.fromCodePoint(cp);
      i += len;
    }
    return out;
  };
}
