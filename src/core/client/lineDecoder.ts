// Bytes -> lines. UTF-8 is decoded with a streaming TextDecoder so a character split
// across chunks survives; lines end at LF, CR or CRLF (a CRLF split across chunks is
// one ending). Lines are taken one at a time, found by scanning only as far as the line
// asked for: a fast server packs a whole short reply into one chunk, and its first event
// must not wait for the rest of the chunk to be split. The cost stays linear however the
// bytes are chunked.

const LF = '\n';
const CR = '\r';

export class LineDecoder {
  private readonly text = new TextDecoder('utf-8');
  /** Pieces of the line still waiting for its ending. */
  private carry: string[] = [];
  /** The previous chunk ended with CR: an LF first in the next one belongs to it. */
  private skipLeadingLF = false;
  /** The latest chunk's text, where its unread part starts, and the next line endings in it. */
  private chunk = '';
  private pos = 0;
  private nextLF = -1;
  private nextCR = -1;

  /** Takes the next bytes, once next() has returned undefined for the ones before. */
  push(bytes: Uint8Array): void {
    const s = this.text.decode(bytes, { stream: true });
    this.chunk = s;
    this.pos = 0;
    if (this.skipLeadingLF && s.length > 0) {
      this.skipLeadingLF = false;
      if (s.charCodeAt(0) === 10) this.pos = 1;
    }
    this.nextLF = s.indexOf(LF, this.pos);
    this.nextCR = s.indexOf(CR, this.pos);
  }

  /** The next whole line; undefined when only the start of a line is left (kept for the next bytes). */
  next(): string | undefined {
    const s = this.chunk;
    const { nextLF, nextCR } = this;
    if (nextLF === -1 && nextCR === -1) {
      if (this.pos < s.length) this.carry.push(s.slice(this.pos));
      this.chunk = '';
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
