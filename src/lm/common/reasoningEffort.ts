// Reasoning effort picked in VS Code's chat. Where VS Code takes a per-model configuration from
// the provider (the chatProvider proposal's `configurationSchema`, read at run time as a plain
// property of the model's information: VS Code 1.139 does), a model whose catalog entry lists
// `reasoning_effort` offers the choice in the chat's model picker, and what the person picks
// comes back with each request (`modelConfiguration`) and is sent over multiModelAI.modelOptions.
import * as l10n from '@vscode/l10n';
import type { ModelEntry } from '../../platform/client/catalog/schemas';

/** The configuration's property, as VS Code hands it back. */
const KEY = 'reasoningEffort';
/** The efforts every interface takes (Messages turns them into thinking budgets). */
const EFFORTS = ['low', 'medium', 'high'];

/** The JSON schema VS Code builds the picker's choice from; undefined for a model without reasoning_effort. No default: unpicked, nothing is sent. */
export function configurationSchema(entry: ModelEntry): Record<string, unknown> | undefined {
  if (!entry.supported_parameters.includes('reasoning_effort')) return undefined;
  return {
    properties: {
      [KEY]: {
        type: 'string',
        title: l10n.t('Reasoning effort'),
        enum: EFFORTS,
        enumItemLabels: [
          l10n.t({ message: 'Low', comment: ['reasoning effort'] }),
          l10n.t({ message: 'Medium', comment: ['reasoning effort'] }),
          l10n.t({ message: 'High', comment: ['reasoning effort'] }),
        ],
        enumDescriptions: [
          l10n.t('Thinks briefly: faster and cheaper.'),
          l10n.t('Thinks at moderate length.'),
          l10n.t('Thinks at length: slower, more output tokens.'),
        ],
      },
    },
  };
}

/** The catalog options for what the person picked in VS Code's chat (`modelConfiguration`): reasoning_effort, or nothing. */
export function pickedOptions(configuration: unknown): Record<string, unknown> {
  const value = typeof configuration === 'object' && configuration !== null ? (configuration as Record<string, unknown>)[KEY] : undefined;
  return typeof value === 'string' && EFFORTS.includes(value) ? { reasoning_effort: value } : {};
}
