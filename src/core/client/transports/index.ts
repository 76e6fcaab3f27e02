// Which interface carries a request to a model: the model's own `supported_endpoint_types`
// decide (chat completions, else Responses, else Messages), unless the person forces one
// with multiModelAI.transport, which must then be one the model serves.
import type { ModelEntry } from '../schemas';
import { chatCompletions } from './chatCompletions';
import { messages } from './messages';
import { responses } from './responses';
import type { Transport, TransportName } from './transport';

export const TRANSPORTS: Record<TransportName, Transport> = { 'chat-completions': chatCompletions, responses, messages };
const PREFERENCE: TransportName[] = ['chat-completions', 'responses', 'messages'];
const LABELS: Record<TransportName, string> = { 'chat-completions': 'chat completions', responses: 'Responses', messages: 'Messages' };

export type TransportSetting = TransportName | 'auto';

/** `message`: why not, said of the model (shown beside it in the pickers, or after its name). */
export type TransportChoice = { ok: true; transport: Transport } | { ok: false; message: string };

export function chooseTransport(model: ModelEntry, setting: TransportSetting = 'auto'): TransportChoice {
  // An entry that lists no interfaces at all is taken to serve chat completions, the spec's own.
  const listed = model.supported_endpoint_types.length > 0 ? model.supported_endpoint_types : ['chat-completions'];
  const served = PREFERENCE.filter((name) => listed.includes(name));
  if (setting !== 'auto') {
    if (served.includes(setting)) return { ok: true, transport: TRANSPORTS[setting] };
    const serves = served.length > 0 ? `it serves ${served.map((n) => LABELS[n]).join(' and ')}` : 'it serves no text interface';
    return { ok: false, message: `Does not serve the ${LABELS[setting]} interface that multiModelAI.transport forces (${serves}): set multiModelAI.transport to "auto", or pick another model.` };
  }
  const first = served[0];
  return first ? { ok: true, transport: TRANSPORTS[first] } : { ok: false, message: 'Serves none of the text interfaces (chat completions, Responses, Messages): pick another model.' };
}

export type { ReplyPart, Transport, TransportName } from './transport';
