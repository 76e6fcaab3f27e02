// What the status bar item says and does, from what the shell knows right now. It always
// shows something: a missing address, key or model is named, and clicking fixes it.
import { formatRub } from '../client/pricing';
import type { ModelEntry } from '../client/schemas';
import type { FixAction } from '../actions';
import { capabilitiesText, shortModelName } from './modelPickItems';

export type StatusBarAction = Extract<FixAction, 'setBaseUrl' | 'setApiKey' | 'selectModel'>;

export interface StatusBarInput {
  hasBaseUrl: boolean;
  hasKey: boolean;
  modelId?: string;
  /** The catalog entry of `modelId`, once the catalog has been read. */
  entry?: ModelEntry;
  /** Set when the catalog was read and `modelId` cannot be used: why. */
  unusableReason?: string;
  /** Set when the catalog could not be read: what to do. */
  catalogProblem?: string;
  /** Set when the address in effect is the legacy one (multiModelAI.legacyBaseUrl). */
  legacyBaseUrl?: string;
  /** What priced answers cost since VS Code started. */
  spend?: { rub: number; answers: number };
}

export interface StatusBarView {
  text: string;
  tooltip: string;
  action: StatusBarAction;
  warning: boolean;
}

const PICK_ANOTHER = 'Click to pick another model.';

export function statusBarView(input: StatusBarInput): StatusBarView {
  if (!input.hasBaseUrl) {
    return {
      text: '$(gear) Multi-Model AI: set address',
      tooltip: 'The service address (multiModelAI.baseUrl) is not set. Click to enter it.',
      action: 'setBaseUrl',
      warning: true,
    };
  }
  if (!input.hasKey) {
    return {
      text: '$(key) Multi-Model AI: set API key',
      tooltip: 'No API key is stored. Click to set it.',
      action: 'setApiKey',
      warning: true,
    };
  }
  if (!input.modelId) {
    return {
      text: '$(sparkle) Select model',
      tooltip: 'No model is selected. Click to pick one from the live catalog.',
      action: 'selectModel',
      warning: true,
    };
  }
  const name = shortModelName(input.modelId);
  if (input.unusableReason) {
    return {
      text: `$(warning) ${name}`,
      tooltip: `${input.modelId}\n${input.unusableReason}\n${PICK_ANOTHER}`,
      action: 'selectModel',
      warning: true,
    };
  }
  const lines = [input.modelId];
  if (input.entry) lines.push(`Accepts: ${capabilitiesText(input.entry)}`);
  if (input.catalogProblem) lines.push(`Could not read the model list: ${input.catalogProblem}`);
  if (input.legacyBaseUrl) lines.push(`Uses the legacy address ${input.legacyBaseUrl}: Verify Connection offers the current one.`);
  if (input.spend && input.spend.answers > 0) {
    lines.push(`Spent since VS Code started: ${formatRub(input.spend.rub)} (${input.spend.answers} ${input.spend.answers === 1 ? 'answer' : 'answers'}, at the catalog's prices; answers stopped or cut off report no usage, so they are not counted)`);
  }
  lines.push(PICK_ANOTHER);
  return { text: `$(sparkle) ${name}`, tooltip: lines.join('\n'), action: 'selectModel', warning: false };
}
