// What the message box takes besides typing: files pasted or dropped from outside VS Code (sent
// to the host as bytes, which decides what each is), files dragged from the Explorer (their
// URIs), and `#` typed at the start of a word, which opens the host's picker of workspace files.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatInteger } from '../../platform/format/localeFormat';
import type { HostBridge } from './hostBridge';

/** A pasted or dropped file is sent to the host only up to this size (the most a message's images may be). */
export const MAX_ATTACHED_BYTES = 20 * 1024 * 1024;
/** The types VS Code gives a drag from the Explorer (the first when Shift is held over a webview). */
const URI_LIST_TYPES = ['application/vnd.code.uri-list', 'text/uri-list'];

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

export class AttachInput {
  /** Where `#` was typed while the picker it opened is up. */
  private hashAt?: number;

  constructor(
    private readonly bridge: HostBridge,
    private readonly input: HTMLTextAreaElement,
    /** Says why something was not attached. */
    private readonly warn: (message: string) => void,
  ) {
    input.addEventListener('paste', (event) => this.onPaste(event));
    input.addEventListener('beforeinput', (event) => this.onBeforeInput(event));
  }

  /** Makes `area` take drops of files (the whole composer, so a drop need not hit the box). */
  acceptDrops(area: HTMLElement): void {
    area.addEventListener('dragover', (event) => {
      if (!event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    });
    area.addEventListener('drop', (event) => this.onDrop(event));
  }

  /** The picker closed: the `#` that opened it goes once files were attached from it. */
  picked(count: number): void {
    const at = this.hashAt;
    this.hashAt = undefined;
    if (at !== undefined && count > 0 && this.input.value[at] === '#') {
      this.input.setRangeText('', at, at + 1, 'end');
      this.input.dispatchEvent(new Event('input'));
    }
    this.input.focus();
  }

  private onBeforeInput(event: InputEvent): void {
    if (event.inputType !== 'insertText' || event.data !== '#') return;
    const at = this.input.selectionStart;
    // At a word's start only: "C#" or "#123" inside a word stay text.
    if (at > 0 && !/\s/.test(this.input.value[at - 1] ?? '')) return;
    this.hashAt = at;
    this.bridge.post({ type: 'context/pick', from: 'hash' });
  }

  private onPaste(event: ClipboardEvent): void {
    const data = event.clipboardData;
    if (!data || data.files.length === 0) return;
    // Text pasted with a picture of itself (from an office program) stays text.
    if (data.getData('text/plain') !== '') return;
    event.preventDefault();
    void this.sendFiles([...data.files]);
  }

  private onDrop(event: DragEvent): void {
    const data = event.dataTransfer;
    if (!data) return;
    event.preventDefault();
    const list = URI_LIST_TYPES.map((type) => data.getData(type)).find((text) => text.trim() !== '');
    if (list) {
      const uris = list
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
      if (uris.length > 0) return this.bridge.post({ type: 'context/addUris', uris });
    }
    if (data.files.length > 0) void this.sendFiles([...data.files]);
  }

  private async sendFiles(files: File[]): Promise<void> {
    for (const file of files) {
      const name = file.name || 'image.png';
      if (file.size > MAX_ATTACHED_BYTES) {
        this.warn(l10n.t('{0} is larger than {1} MB, so it cannot be attached.', name, formatInteger(MAX_ATTACHED_BYTES / (1024 * 1024), displayLocale())));
        continue;
      }
      if (file.size === 0) {
        this.warn(l10n.t('{0} is empty, so it cannot be attached.', name));
        continue;
      }
      this.bridge.post({ type: 'context/addBytes', name, data: base64(new Uint8Array(await file.arrayBuffer())) });
    }
  }
}
