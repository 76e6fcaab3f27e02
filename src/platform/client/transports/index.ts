// Which interface carries a request to a model: the model's own `supported_endpoint_types`
// decide (chat completions, else Responses, else Messages), read through the one vocabulary
// of endpoint-type names (../endpointTypes), unless the person forces one with
// multiModelAI.transport, which must then be one the model serves.
import * as l10n from '@vscode/l10n';
import { purposeOf, readEndpointTypes, TEXT_KINDS } from '../catalog/endpointTypes';
import type { ModelEntry } from '../catalog/schemas';
import { chatCompletions } from './chatCompletions';
import { messages } from './messages';
import { responses } from './responses';
import type { Transport, TransportName } from './transport';

export const TRANSPORTS: Record<TransportName, Transport> = { 'chat-completions': chatCompletions, responses, messages };
const LABELS: Record<TransportName, string> = { 'chat-completions': 'chat completions', responses: 'Responses', messages: 'Messages' };

export type TransportSetting = TransportName | 'auto';

/** The interface's name as people know it: "chat completions", "Responses", "Messages". */
export const interfaceLabel = (name: TransportName): string => LABELS[name];

/**
 * `message`: why not, said of the model (shown beside it in the pickers, or after its name).
 * `assumedFrom`: the endpoint-type names no known gateway uses, when chat completions was taken
 * because nothing else named a text interface (the caller logs it once).
 */
export type TransportChoice = { ok: true; transport: Transport; assumedFrom?: readonly string[] } | { ok: false; message: string };

/** The text interfaces a model serves, best first; chat completions when its entry names none it knows (spec, "What the service does" 1 and 2). */
export function servedInterfaces(model: ModelEntry): { served: TransportName[]; assumedFrom?: string[]; purpose?: string } {
  // An entry that lists no interfaces at all is taken to serve chat completions, the spec's own.
  if (model.supported_endpoint_types.length === 0) return { served: ['chat-completions'] };
  const { kinds, unknown } = readEndpointTypes(model.supported_endpoint_types);
  const served = TEXT_KINDS.filter((kind) => kinds.has(kind));
  if (served.length > 0) return { served };
  if (unknown.length > 0) return { served: ['chat-completions'], assumedFrom: unknown };
  return { served, purpose: purposeOf(kinds) };
}

export function chooseTransport(model: ModelEntry, setting: TransportSetting = 'auto'): TransportChoice {
  const { served, assumedFrom, purpose } = servedInterfaces(model);
  const assumed = assumedFrom ? { assumedFrom } : {};
  if (setting !== 'auto') {
    if (served.includes(setting)) return { ok: true, transport: TRANSPORTS[setting], ...assumed };
    const serves =
      served.length > 0
        ? l10n.t('it serves {0}', served.map((n) => LABELS[n]).join(l10n.t({ message: ' and ', comment: ['joins the last two of a list'] })))
        : l10n.t('it serves only {0}', purpose ?? '');
    return {
      ok: false,
      message: l10n.t(
        'Does not serve the {0} interface that multiModelAI.transport forces ({1}): set multiModelAI.transport to "auto", or pick another model.',
        LABELS[setting],
        serves,
      ),
    };
  }
  const first = served[0];
  return first
    ? { ok: true, transport: TRANSPORTS[first], ...assumed }
    : { ok: false, message: l10n.t('Serves only {0}, not text chat: pick another model.', purpose ?? '') };
}

export type { Transport, TransportName } from './transport';
export type { ReplyPart } from '../streaming/replyPart';
