// The images answered as `url`: kept in memory and served by the emulator itself at
// {origin}/__emulator/files/<id>.png (no key needed), until reset.
import { newId } from './exchange';

export const FILES_ROUTE = 'files/';

export class ImageFiles {
  private files = new Map<string, Buffer>();

  /** Keeps the PNG and returns its file name (`img_<hex>.png`). */
  put(png: Buffer): string {
    const name = `${newId('img_')}.png`;
    this.files.set(name, png);
    return name;
  }

  get(name: string): Buffer | undefined {
    return this.files.get(name);
  }

  clear(): void {
    this.files.clear();
  }
}
