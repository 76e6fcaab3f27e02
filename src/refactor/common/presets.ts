// The instructions offered in the Refactor Selection quick input; anything typed there is
// used as the instruction instead. The label and the detail are what the person reads, in
// their language; the instruction is what the model is sent, in English as every prompt.
import * as l10n from '@vscode/l10n';

export interface RefactorPreset {
  label: string;
  /** The instruction as the person reads it. */
  detail: string;
  instruction: string;
}

const IMPROVE = 'Improve readability: clearer names, simpler control flow, no change in behaviour.';
const FIX = 'Find and fix bugs (edge cases, off-by-one errors, unhandled failures) while keeping the intended behaviour.';
const TYPES = 'Add precise type annotations where the language allows them, without changing behaviour.';
const DOCS = "Add doc comments in the language's usual style to each function, class and non-obvious block.";
const SIMPLIFY = 'Simplify: remove duplication and needless steps, keep the same behaviour.';

/** The presets, worded in the display language. */
export function refactorPresets(): readonly RefactorPreset[] {
  return [
    {
      label: l10n.t('Improve readability'),
      detail: l10n.t('Improve readability: clearer names, simpler control flow, no change in behaviour.'),
      instruction: IMPROVE,
    },
    {
      label: l10n.t('Fix bugs'),
      detail: l10n.t('Find and fix bugs (edge cases, off-by-one errors, unhandled failures) while keeping the intended behaviour.'),
      instruction: FIX,
    },
    {
      label: l10n.t('Add types'),
      detail: l10n.t('Add precise type annotations where the language allows them, without changing behaviour.'),
      instruction: TYPES,
    },
    {
      label: l10n.t('Add doc comments'),
      detail: l10n.t("Add doc comments in the language's usual style to each function, class and non-obvious block."),
      instruction: DOCS,
    },
    { label: l10n.t('Simplify'), detail: l10n.t('Simplify: remove duplication and needless steps, keep the same behaviour.'), instruction: SIMPLIFY },
  ];
}

/** The instruction for what the person typed or picked: a preset's label stands for its instruction. */
export function instructionFor(input: string): string {
  const text = input.trim().toLowerCase();
  return refactorPresets().find((p) => p.label.toLowerCase() === text)?.instruction ?? input.trim();
}
