// What the chat's model picker shows: the current model and the same filtered catalog as
// the Select Model quick-pick, refreshed when the settings or the key change.
import type { ModelView } from '../../core/chat/protocol';
import { buildModelPickItems, requiredParametersFor, whyModelUnusable } from '../../core/shell/modelPickItems';
import type { ClientFactory } from '../clientFactory';
import type { FailureReporter } from '../failureReporter';
import type { SettingsWatcher } from '../settings';

export async function loadModelView(
  settings: SettingsWatcher,
  clients: ClientFactory,
  failures: FailureReporter,
  refresh = false,
): Promise<ModelView> {
  const current = settings.current().model;
  const ready = await clients.readiness();
  if (!ready.ok) return { current, options: [], loading: false, problem: ready.message };
  const catalog = await clients.catalog({ quiet: true });
  try {
    const list = await catalog!.get({ refresh });
    const requiredParameters = requiredParametersFor(settings.current());
    const options = buildModelPickItems(list, { currentModelId: current, requiredParameters }).flatMap((item) =>
      item.kind === 'model' && !item.reason ? [{ id: item.modelId, description: item.description }] : [],
    );
    const problem = current ? whyModelUnusable(list, current, requiredParameters) : 'Pick a model to start chatting.';
    return { current, options, loading: false, problem: problem && current ? `${current}: ${problem}` : problem };
  } catch (error) {
    return { current, options: [], loading: false, problem: failures.record('Could not load the models', error).message };
  }
}
