// Which image model a request goes to, before anything is asked: the one named (command
// arguments), the only usable one, or a choice for the person; and when none can be used, why.
import * as l10n from '@vscode/l10n';
import type { ImageEndpoint, ImageModels } from '../../platform/client/modelCatalog';
import type { ModelEntry } from '../../platform/client/catalog/schemas';

export type ImageModelChoice = { kind: 'model'; entry: ModelEntry } | { kind: 'pick' } | { kind: 'none'; message: string };

export function chooseImageModel(endpoint: ImageEndpoint, { usable, unusable }: ImageModels, named?: string): ImageModelChoice {
  if (named !== undefined) {
    const entry = usable.find((m) => m.id === named);
    if (entry) return { kind: 'model', entry };
    const why = unusable.find((u) => u.entry.id === named)?.reason ?? noSuchModel(endpoint, named);
    return { kind: 'none', message: l10n.t('{0} cannot be used: {1}', named, why) };
  }
  if (usable.length === 0) {
    return { kind: 'none', message: noneAvailable(endpoint, unusable[0]) };
  }
  return usable.length === 1 && usable[0] ? { kind: 'model', entry: usable[0] } : { kind: 'pick' };
}

function noSuchModel(endpoint: ImageEndpoint, named: string): string {
  return endpoint === 'image-generation'
    ? l10n.t('the catalog has no model {0} that generates images.', named)
    : l10n.t('the catalog has no model {0} that edits images.', named);
}

/** Why no model can serve `endpoint`, naming the first that cannot and why. */
function noneAvailable(endpoint: ImageEndpoint, first: ImageModels['unusable'][number] | undefined): string {
  if (endpoint === 'image-generation') {
    return first
      ? l10n.t('No model that generates images is available to this workspace ({0}: {1}): ask your admin, or use another key.', first.entry.id, first.reason)
      : l10n.t('No model that generates images is available to this workspace: ask your admin, or use another key.');
  }
  return first
    ? l10n.t('No model that edits images is available to this workspace ({0}: {1}): ask your admin, or use another key.', first.entry.id, first.reason)
    : l10n.t('No model that edits images is available to this workspace: ask your admin, or use another key.');
}
