// Resolves what a request to the current model needs (client, catalog entry, token limit)
// from the settings and the key, for every feature that asks the model (chat, refactor).
// Throws a ChatSetupError saying what to set, or the ServiceError of the catalog read.
import { ChatSetupError } from '../core/chat/errorCard';
import type { ChatConnection } from '../core/chat/chatSession';
import { requiredParametersFor, whyModelUnusable } from '../core/shell/modelPickItems';
import type { ClientFactory } from './clientFactory';
import type { SettingsWatcher } from './settings';

export async function connectToModel(clients: ClientFactory, settings: SettingsWatcher): Promise<ChatConnection> {
  const ready = await clients.readiness();
  if (!ready.ok) throw new ChatSetupError(ready.message, [ready.missing === 'apiKey' ? 'setApiKey' : 'openSettings']);
  const { model, maxTokens } = settings.current();
  if (!model) throw new ChatSetupError('No model is selected: pick the model to use.', ['selectModel']);
  const catalog = await clients.catalog({ quiet: true });
  if (!catalog) throw new ChatSetupError('The service settings changed: try again.', []);
  const list = await catalog.get();
  const unusable = whyModelUnusable(list, model, requiredParametersFor(settings.current()));
  if (unusable) throw new ChatSetupError(`The model ${model} cannot be used: ${unusable}`, ['selectModel']);
  const entry = list.data.find((m) => m.id === model)!;
  return { client: await clients.create(ready.baseUrl, ready.apiKey), model: entry, maxTokens };
}
