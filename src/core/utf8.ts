/** Strict UTF-8 decoding that reports the byte offset of the first invalid sequence. */
import { isUtf8 } from 'node:buffer';

/** Offset of the first byte that does not start a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; offset: number };

/** The offset of the first invalid sequence of `bytes`, or -1 when they are strict UTF-8 (checked by node:buffer). */
export function invalidUtf8At(bytes: Uint8Array): number {
  return isUtf8(bytes) ? -1 : Math.max(firstInvalidUtf8Offset(bytes), 0);
}

/**
 * The text of bytes `invalidUtf8At` found valid (what a fatal TextDecoder gives: a leading byte order mark is not part
 * of it), decoded by Buffer.
 */
export function validUtf8Text(bytes: Uint8Array): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The text of strict UTF-8 bytes, or the offset of the first invalid sequence. No TextDecoder is made when the module
 * loads, and no exception is thrown on bytes that are not UTF-8.
 */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  const offset = invalidUtf8At(bytes);
  return offset >= 0 ? { ok: false, offset } : { ok: true, text: validUtf8Text(bytes) };
}
