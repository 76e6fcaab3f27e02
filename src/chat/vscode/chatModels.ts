// What the chat's model picker shows: the current model and the same usable models as the
// Select Model quick-pick, from the connection's one read of the catalog, and what stands in
// the way, said once with the buttons that fix it.
import * as vscode from 'vscode';
import { buildModelPickItems } from '../../platform/models/modelPickItems';
import { type ModelProblem, type ModelView } from '../common/protocol/protocol';
import { ServiceError } from '../../platform/client/errors/serviceError';
import { takesImages } from '../common/attachments/attachments';
import { unreachableMessage } from '../common/conversation/errorCard';
import type { ModelState } from '../../platform/services/vscode/connection';
import type { FailureReporter } from '../../platform/services/vscode/failureReporter';
import { noModelListMessage } from '../../platform/client/catalog/typedModels';

function catalogProblem(state: Extract<ModelState, { kind: 'catalogFailed' }>, failures: FailureReporter): ModelProblem {
  const failure = failures.record({ shown: vscode.l10n.t('Could not load the models'), logged: 'Could not load the models' }, state.error);
  const actions = ['retry' as const, ...failure.actions.filter((a) => a !== 'retry')];
  if (state.error instanceof ServiceError && state.error.kind === 'network') {
    // The same words as the card of a message sent meanwhile, so the page can say it once.
    return { message: unreachableMessage(state.baseUrl), state: vscode.l10n.t('Service not reachable'), actions };
  }
  return { message: failure.message, state: vscode.l10n.t('Models not loaded'), actions };
}

export function modelView(state: ModelState, failures: FailureReporter): ModelView {
  const current = state.model;
  switch (state.kind) {
    case 'notReady': {
      const key = state.readiness.missing === 'apiKey';
      const problem = {
        message: state.readiness.message,
        state: key ? vscode.l10n.t('No API key') : vscode.l10n.t('No service address'),
        actions: [key ? ('setApiKey' as const) : ('setBaseUrl' as const)],
      };
      return { current, options: [], loading: false, problem };
    }
    case 'catalogFailed':
      return { current, options: [], loading: false, problem: catalogProblem(state, failures) };
    case 'ready': {
      const entryOf = (id: string) => state.list.data.find((m) => m.id === id);
      const options = buildModelPickItems(state.list, { currentModelId: current, needs: state.needs }).flatMap((item) => {
        if (item.kind !== 'model' || item.reason) return [];
        const entry = entryOf(item.modelId);
        const contextLength = entry?.context_length;
        return [
          {
            id: item.modelId,
            ...(item.name !== undefined && { name: item.name }),
            description: item.description,
            ...(contextLength !== undefined && { contextLength }),
            images: takesImages(entry),
          },
        ];
      });
      const { unlisted } = state.list;
      const problem: ModelProblem | undefined = !current
        ? unlisted
          ? // An address without a model list: the model is typed in Select Model (Use a Model Id…).
            { message: noModelListMessage(unlisted), state: vscode.l10n.t('No model list'), actions: ['selectModel'] }
          : { message: vscode.l10n.t('Pick a model to start chatting.'), state: vscode.l10n.t('No model picked'), actions: ['selectModel'] }
        : state.unusable
          ? { message: `${current}: ${state.unusable}`, state: vscode.l10n.t('Not usable'), actions: ['selectModel'] }
          : undefined;
      return { current, options, loading: false, problem };
    }
  }
}
