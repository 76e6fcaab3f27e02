// Bytes -> lines. UTF-8 is decoded with a streaming TextDecoder so a character split
// across chunks survives; lines end at LF, CR or CRLF (a CRLF split across chunks is
// one ending). Lines are found by scanning, and only the new text is scanned, so the
// cost stays linear however the bytes are chunked.

const LF = '\n';
const CR = '\r';

export class LineDecoder {
  private readonly text = new TextDecoder('utf-8');
  /** Pieces of the line still waiting for its ending. */
  private carry: string[] = [];
  /** The previous chunk ended with CR: an LF first in the next one belongs to it. */
  private skipLeadingLF = false;

  decode(bytes: Uint8Array): string[] {
    return this.split(this.text.decode(bytes, { stream: true }));
  }

  /** Ends the input: returns the last line even without its ending. */
  flush(): string[] {
    const lines = this.split(this.text.decode());
    if (this.carry.length > 0) lines.push(this.carry.join(''));
    this.carry = [];
    this.skipLeadingLF = false;
    return lines;
  }

  private split(s: string): string[] {
    const lines: string[] = [];
    let pos = 0;
    if (this.skipLeadingLF && s.length > 0) {
      this.skipLeadingLF = false;
      if (s.charCodeAt(0) === 10) pos = 1;
    }
    let nextLF = s.indexOf(LF, pos);
    let nextCR = s.indexOf(CR, pos);
    while (nextLF !== -1 || nextCR !== -1) {
      const start = pos;
      let end: number;
      if (nextCR !== -1 && (nextLF === -1 || nextCR < nextLF)) {
        end = nextCR;
        if (end + 1 === s.length) this.skipLeadingLF = true;
        pos = s.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      } else {
        end = nextLF;
        pos = end + 1;
      }
      if (this.carry.length > 0) {
        this.carry.push(s.slice(start, end));
        lines.push(this.carry.join(''));
        this.carry = [];
      } else {
        lines.push(s.slice(start, end));
      }
      if (nextLF !== -1 && nextLF < pos) nextLF = s.indexOf(LF, pos);
      if (nextCR !== -1 && nextCR < pos) nextCR = s.indexOf(CR, pos);
    }
    if (pos < s.length) this.carry.push(s.slice(pos));
    return lines;
  }
}
