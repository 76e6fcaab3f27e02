// Inputs for the image-edit tests, and the multipart request they send.
import { FIXTURE_KEYS } from '../../emulator';
import { encodePng } from '../../emulator/png';
import { call, type CallResult } from './emulatorCalls';

/** A 2x2 RGBA picture with known pixels (alpha 255, 128, 0, 255). */
export const EDIT_INPUT = encodePng({
  width: 2,
  height: 2,
  channels: 4,
  pixels: Uint8Array.from([10, 20, 30, 255, 40, 50, 60, 128, 70, 80, 90, 0, 100, 110, 120, 255]),
});

export const imageFile = (bytes: Buffer, type = 'image/png'): File => new File([new Uint8Array(bytes)], 'in.png', { type });

/** POST /v1/images/edits as multipart, model pixel/image-edit unless the fields name another. */
export function postEdit(origin: string, fields: Record<string, string | Blob>, headers: Record<string, string> = {}): Promise<CallResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ model: 'pixel/image-edit', ...fields })) form.set(name, value);
  return call(origin, '/v1/images/edits', { form, headers, key: FIXTURE_KEYS.alpha });
}
