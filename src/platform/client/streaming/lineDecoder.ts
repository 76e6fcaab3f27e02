// Bytes -> lines. UTF-8 is decoded by Buffer (four times as fast as TextDecoder here); the bytes
// of a character split across chunks wait for the rest of it; lines end at LF, CR or CRLF (a CRLF split across chunks is
// one ending). Lines are taken one at a time, and a chunk is decoded and scanned only as far
// as the lines asked for: a fast server packs a whole short reply into one chunk, and its
// first event must not wait for the rest of the chunk to be decoded and split. The cost stays
// linear however the bytes are chunked.

const LF = '\n';
const CR = '\r';
const LF_BYTE = 10;
/**
 * A chunk is decoded in slices that end after an LF byte (never inside a UTF-8 character),
 * the first this long, each next one twice as long: a few decoder calls per chunk at most.
 */
const FIRST_SLICE_BYTES = 512;

export class LineDecoder {
  /** The start of a character the latest chunk ended inside, until the next chunk completes it. */
  private partial: Buffer | undefined;
  /** Pieces of the line still waiting for its ending. */
  private carry: string[] = [];
  /** The previous text ended with CR: an LF first in the next one belongs to it. */
  private skipLeadingLF = false;
  /** The latest chunk, how far it is decoded, and the size of the next slice. */
  private bytes: Buffer = Buffer.alloc(0);
  private bytesPos = 0;
  private sliceBytes = FIRST_SLICE_BYTES;
  /** The latest decoded slice, where its unread part starts, and the next line endings in it. */
  private slice = '';
  private pos = 0;
  private nextLF = -1;
  private nextCR = -1;

  /** Takes the next bytes, once next() has returned undefined for the ones before. */
  push(bytes: Uint8Array): void {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.bytes = this.partial ? Buffer.concat([this.partial, chunk]) : chunk;
    this.partial = undefined;
    this.bytesPos = 0;
    this.sliceBytes = FIRST_SLICE_BYTES;
  }

  /** The next whole line; undefined when only the start of a line is left (kept for the next bytes). */
  next(): string | undefined {
    for (;;) {
      const line = this.lineInSlice();
      if (line !== undefined) return line;
      if (!this.decodeSlice()) return undefined;
    }
  }

  private decodeSlice(): boolean {
    const bytes = this.bytes;
    if (this.bytesPos >= bytes.length) return false;
    let end = bytes.length;
    if (end - this.bytesPos > this.sliceBytes) {
      const lf = bytes.indexOf(LF_BYTE, this.bytesPos + this.sliceBytes);
      if (lf !== -1) end = lf + 1;
    }
    let whole = end;
    if (end === bytes.length) {
      whole = wholeCharactersEnd(bytes, this.bytesPos, end);
      if (whole < end) this.partial = Buffer.from(bytes.subarray(whole, end));
    }
    const s = bytes.toString('utf8', this.bytesPos, whole);
    this.bytesPos = end;
    this.sliceBytes *= 2;
    this.slice = s;
    this.pos = 0;
    if (this.skipLeadingLF && s.length > 0) {
      this.skipLeadingLF = false;
      if (s.charCodeAt(0) === 10) this.pos = 1;
    }
    this.nextLF = s.indexOf(LF, this.pos);
    this.nextCR = s.indexOf(CR, this.pos);
    return true;
  }

  /** The next line ending in the decoded slice; else keeps the rest of the slice and says undefined. */
  private lineInSlice(): string | undefined {
    const s = this.slice;
    const { nextLF, nextCR } = this;
    if (nextLF === -1 && nextCR === -1) {
      if (this.pos < s.length) this.carry.push(s.slice(this.pos));
      this.slice = '';
      this.pos = 0;
      return undefined;
    }
    const start = this.pos;
    let end: number;
    if (nextCR !== -1 && (nextLF === -1 || nextCR < nextLF)) {
      end = nextCR;
      if (end + 1 === s.length) this.skipLeadingLF = true;
      this.pos = s.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    } else {
      end = nextLF;
      this.pos = end + 1;
    }
    if (nextLF !== -1 && nextLF < this.pos) this.nextLF = s.indexOf(LF, this.pos);
    if (nextCR !== -1 && nextCR < this.pos) this.nextCR = s.indexOf(CR, this.pos);
    const piece = s.slice(start, end);
    if (this.carry.length === 0) return piece;
    this.carry.push(piece);
    const line = this.carry.join('');
    this.carry = [];
    return line;
  }
}

/**
 * Where the whole characters of bytes[start, end) end: before a character whose last bytes are
 * still to come. Invalid bytes count as whole (they decode to U+FFFD, as a decoder would make them).
 */
function wholeCharactersEnd(bytes: Buffer, start: number, end: number): number {
  for (let i = end - 1; i >= start && i >= end - 4; i--) {
    const byte = bytes[i]!;
    if (byte < 0x80) return end;
    if (byte < 0xc0) continue; // a continuation byte: the character starts further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return end - i >= length ? end : i;
  }
  return end;
}
