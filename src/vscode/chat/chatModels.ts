// What the chat's model picker shows: the current model and the same usable models as the
// Select Model quick-pick, from the connection's one read of the catalog.
import type { ModelView } from '../../core/chat/protocol';
import { buildModelPickItems } from '../../core/shell/modelPickItems';
import type { ModelState } from '../connection';
import type { FailureReporter } from '../failureReporter';

export function modelView(state: ModelState, failures: FailureReporter): ModelView {
  const current = state.model;
  switch (state.kind) {
    case 'notReady':
      return { current, options: [], loading: false, problem: state.readiness.message };
    case 'catalogFailed':
      return { current, options: [], loading: false, problem: failures.record('Could not load the models', state.error).message };
    case 'ready': {
      const contextOf = (id: string) => state.list.data.find((m) => m.id === id)?.context_length;
      const options = buildModelPickItems(state.list, { currentModelId: current, requiredParameters: state.requiredParameters }).flatMap((item) => {
        if (item.kind !== 'model' || item.reason) return [];
        const contextLength = contextOf(item.modelId);
        return [{ id: item.modelId, description: item.description, ...(contextLength !== undefined && { contextLength }) }];
      });
      const problem = !current ? 'Pick a model to start chatting.' : state.unusable && `${current}: ${state.unusable}`;
      return { current, options, loading: false, problem };
    }
  }
}
