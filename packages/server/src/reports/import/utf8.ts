/**
 * Import files must be UTF-8. Decoding as Node does by default turns every byte that is not UTF-8 into U+FFFD, so a
 * Latin-1 `Café` loaded as `Caf�` and two services could merge into one. These streams find such bytes without
 * changing a valid file's text: {@link Utf8Watch} passes the bytes on and notes where bad ones start (for the CSV
 * parser, which reads bytes and says where each record ends), {@link Utf8Marker} decodes to text with a lone
 * surrogate in place of each bad sequence (for the NDJSON lines: valid UTF-8 never decodes to a lone surrogate, while
 * a real U+FFFD in the file is valid and stays). A chunk boundary inside a multi-byte character is carried over.
 * Invalid means what the WHATWG decoder calls an error (overlongs, surrogates, past U+10FFFF, a truncated sequence).
 */
import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';

/** The reason a row holding bytes that are not UTF-8 is refused. */
export const NOT_UTF8 = 'not valid UTF-8';
/** What {@link Utf8Marker} writes for a bad sequence: a lone surrogate, which no valid UTF-8 decodes to. */
const MARK = '\uDFFF';
const TRUNCATED = 0;
/** With the `u` flag a surrogate pair is one code point, so only a lone surrogate is of this category. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The length of the UTF-8 sequence at `i`: positive when valid, negative (the bad bytes, the WHATWG "maximal
 * subpart") when not, {@link TRUNCATED} when the buffer ends inside a sequence that is valid so far.
 */
function sequenceAt(buf: Uint8Array, i: number): number {
  const lead = buf[i]!;
  if (lead < 0x80) return 1;
  let need: number;
  let [low, high] = [0x80, 0xbf];
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) [need, low, high] = [2, lead === 0xe0 ? 0xa0 : 0x80, lead === 0xed ? 0x9f : 0xbf];
  else if (lead >= 0xf0 && lead <= 0xf4) [need, low, high] = [3, lead === 0xf0 ? 0x90 : 0x80, lead === 0xf4 ? 0x8f : 0xbf];
  else return -1;
  for (let k = 1; k <= need; k++) {
    if (i + k >= buf.length) return TRUNCATED;
    const next = buf[i + k]!;
    if (next < low || next > high) return -k;
    [low, high] = [0x80, 0xbf];
  }
  return need + 1;
}

/** Where a trailing sequence that the next chunk may complete begins (the length when there is none). */
function completeLength(buf: Buffer): number {
  for (let i = buf.length - 1; i >= Math.max(0, buf.length - 3); i--) {
    if ((buf[i]! & 0xc0) !== 0x80) return sequenceAt(buf, i) === TRUNCATED ? i : buf.length;
  }
  return buf.length;
}

/** The bad sequences of a buffer that ends on a whole character: `[start, end)` each. */
function badSequences(buf: Buffer): [number, number][] {
  const bad: [number, number][] = [];
  for (let i = 0; i < buf.length;) {
    const length = sequenceAt(buf, i);
    const size = length === TRUNCATED ? buf.length - i : Math.abs(length);
    if (length <= 0) bad.push([i, i + size]);
    i += size;
  }
  return bad;
}

/** Splits a byte stream at whole characters: hands each whole part to `take`, and the rest at the end. */
abstract class Utf8Stream extends Transform {
  private carry: Buffer | undefined;
  /** Bytes before the part being taken. */
  protected offset = 0;

  protected abstract takePart(part: Buffer, valid: boolean): void;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const cut = completeLength(buf);
    this.carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : undefined;
    const part = buf.subarray(0, cut);
    // isUtf8 is the fast path; a file without a bad byte is never walked byte by byte here.
    this.takePart(part, isUtf8(part));
    this.offset += part.length;
    done();
  }

  override _flush(done: TransformCallback): void {
    // A character cut off by the end of the file is a bad sequence too.
    if (this.carry) this.takePart(this.carry, false);
    done();
  }
}

/**
 * Passes bytes on unchanged, noting where each bad sequence starts (offsets from the stream's start).
 *
 * @example
 * const watch = new Utf8Watch()
 * const parser = input.pipe(watch).pipe(parse({ info: true }))
 * // for each record: watch.badBefore(record.info.bytes)
 */
export class Utf8Watch extends Utf8Stream {
  private readonly bad: number[] = [];
  private next = 0;

  protected takePart(part: Buffer, valid: boolean): void {
    if (!valid) for (const [start] of badSequences(part)) this.bad.push(this.offset + start);
    this.push(part);
  }

  /**
   * Whether a bad sequence starts before byte `end` that no earlier call counted. Called with the end of each
   * record in turn, it says whether that record holds one.
   */
  badBefore(end: number): boolean {
    let found = false;
    while (this.next < this.bad.length && this.bad[this.next]! < end) [found, this.next] = [true, this.next + 1];
    return found;
  }
}

/**
 * Decodes bytes to text, with a lone surrogate for each bad sequence; {@link hasBadBytes} then tells a line that
 * held one.
 *
 * @example
 * createInterface({ input: input.pipe(new Utf8Marker()) })
 */
export class Utf8Marker extends Utf8Stream {
  constructor() {
    // Object mode on the reading side: a pushed string would otherwise be encoded back to bytes, its mark with it.
    super({ readableObjectMode: true });
  }

  protected takePart(part: Buffer, valid: boolean): void {
    if (valid) return void this.push(part.toString('utf8'));
    let text = '';
    let from = 0;
    for (const [start, end] of badSequences(part)) {
      text += part.toString('utf8', from, start) + MARK;
      from = end;
    }
    this.push(text + part.toString('utf8', from));
  }
}

/**
 * Whether text from {@link Utf8Marker} held bytes that are not UTF-8. Valid text (emoji included: a surrogate
 * pair) answers false.
 *
 * @example
 * hasBadBytes('Caf\uDFFF') // true
 */
export function hasBadBytes(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
