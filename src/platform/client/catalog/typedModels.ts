// Models named by hand. Some gateways serve chat completions but no model list (`GET …/models`
// answers 404 or 405): the person types the model's id, and it is kept for that address. Of such
// a model nothing is known: no price, no context, no abilities. It is asked as the widely used
// chat-completions API is (streamed, with the tools of the request, with max_tokens when the
// settings set one: the fields every compatible server reads), its conversation is fitted to a
// conservative context, and VS Code's chat is told conservative limits (docs/SERVICE.md).
import * as l10n from '@vscode/l10n';
import type { ModelEntry, ModelList, NoModelList } from './catalogReader';

/** The context a typed model's conversation is fitted to, and VS Code's chat is told. */
export const TYPED_MODEL_CONTEXT_TOKENS = 16_384;
/** The longest answer VS Code's chat is told a typed model writes. */
export const TYPED_MODEL_OUTPUT_TOKENS = 4_096;
/** The optional fields a typed model is asked with: those every chat-completions server reads. */
const TYPED_MODEL_PARAMETERS = ['stream', 'tools', 'max_tokens'];
/** Longer than any id a catalog lists. */
const MAX_ID_LENGTH = 200;

/** The entry of a model typed by hand: text through chat completions, nothing else known. */
export function typedModelEntry(id: string): ModelEntry {
  return {
    id,
    available: true,
    architecture: { output_modalities: ['text'] },
    supported_parameters: [...TYPED_MODEL_PARAMETERS],
    supported_endpoint_types: [],
    typed: true,
  };
}

export const isTypedModel = (entry: ModelEntry): boolean => entry.typed === true;

/** The list with the typed ids it does not list added as typed models (a listed id keeps its entry). */
export function withTypedModels(list: ModelList, ids: readonly string[]): ModelList {
  const listed = new Set(list.data.map((entry) => entry.id));
  const added = ids.filter((id) => !listed.has(id)).map(typedModelEntry);
  return added.length === 0 ? list : { ...list, data: [...list.data, ...added] };
}

/** A typed id, trimmed, or why it cannot be one. */
export function checkTypedModelId(value: string): { ok: true; id: string } | { ok: false; message: string } {
  const id = value.trim();
  if (id === '') return { ok: false, message: l10n.t('Type the model id, as the service names it (for example vendor/model-name).') };
  if (/\s/.test(id) || id.length > MAX_ID_LENGTH)
    return { ok: false, message: l10n.t('A model id has no spaces and is at most {0} characters long.', MAX_ID_LENGTH) };
  return { ok: true, id };
}

/** "This address serves no model list (GET /v1/models: 404); type a model id." */
export function noModelListMessage(unlisted: NoModelList): string {
  return l10n.t('This address serves no model list (GET {0}: {1}); type a model id.', unlisted.endpoint, unlisted.status);
}
