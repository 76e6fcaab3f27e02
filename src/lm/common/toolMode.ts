// VS Code's toolMode Required: the answer must be a tool call. Only tool_choice can demand one; a
// request without it would go as Auto and could come back as text the caller cannot take. The
// person is told to pick another model: the tool mode is the calling extension's choice, not theirs.
import * as l10n from '@vscode/l10n';
import type { ModelEntry } from '../../platform/client/catalog/schemas';
import { SetupError } from '../../platform/reply/modelConnection';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatAlternatives } from '../../platform/format/localeFormat';

const NEEDED = ['tools', 'tool_choice'];

/** Throws a SetupError saying what to do when `model` cannot be made to call a tool. */
export function checkToolRequired(model: ModelEntry): void {
  const missing = NEEDED.filter((name) => !model.supported_parameters.includes(name));
  if (missing.length === 0) return;
  throw new SetupError(
    l10n.t(
      '{0} cannot be made to call a tool (the catalog does not list {1} for it): pick another model.',
      model.id,
      formatAlternatives(missing, displayLocale()),
    ),
    ['selectModel'],
    `${model.id} cannot be made to call a tool: the catalog does not list ${missing.join(' or ')} for it`,
  );
}
