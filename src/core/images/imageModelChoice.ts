// Which image model a request goes to, before anything is asked: the one named (command
// arguments), the only usable one, or a choice for the person; and when none can be used, why.
import type { ImageEndpoint, ImageModels } from '../client/modelCatalog';
import type { ModelEntry } from '../client/schemas';

export type ImageModelChoice = { kind: 'model'; entry: ModelEntry } | { kind: 'pick' } | { kind: 'none'; message: string };

const VERB: Record<ImageEndpoint, string> = { 'image-generation': 'generates', 'image-edit': 'edits' };

export function chooseImageModel(endpoint: ImageEndpoint, { usable, unusable }: ImageModels, named?: string): ImageModelChoice {
  if (named !== undefined) {
    const entry = usable.find((m) => m.id === named);
    if (entry) return { kind: 'model', entry };
    const why = unusable.find((u) => u.entry.id === named)?.reason ?? `the catalog has no model ${named} that ${VERB[endpoint]} images.`;
    return { kind: 'none', message: `${named} cannot be used: ${why}` };
  }
  if (usable.length === 0) {
    const why = unusable[0] ? ` (${unusable[0].entry.id}: ${unusable[0].reason})` : '';
    return { kind: 'none', message: `No model that ${VERB[endpoint]} images is available to this workspace${why}: ask your admin, or use another key.` };
  }
  return usable.length === 1 && usable[0] ? { kind: 'model', entry: usable[0] } : { kind: 'pick' };
}
