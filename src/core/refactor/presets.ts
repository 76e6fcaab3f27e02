// The instructions offered in the Refactor Selection quick input; anything typed there is
// used as the instruction instead.
export interface RefactorPreset {
  label: string;
  instruction: string;
}

export const REFACTOR_PRESETS: readonly RefactorPreset[] = [
  {
    label: 'Improve readability',
    instruction: 'Improve readability: clearer names, simpler control flow, no change in behaviour.',
  },
  {
    label: 'Fix bugs',
    instruction: 'Find and fix bugs (edge cases, off-by-one errors, unhandled failures) while keeping the intended behaviour.',
  },
  {
    label: 'Add types',
    instruction: 'Add precise type annotations where the language allows them, without changing behaviour.',
  },
  {
    label: 'Add doc comments',
    instruction: "Add doc comments in the language's usual style to each function, class and non-obvious block.",
  },
  {
    label: 'Simplify',
    instruction: 'Simplify: remove duplication and needless steps, keep the same behaviour.',
  },
];

/** The instruction for what the person typed or picked: a preset's label stands for its instruction. */
export function instructionFor(input: string): string {
  const text = input.trim();
  return REFACTOR_PRESETS.find((p) => p.label.toLowerCase() === text.toLowerCase())?.instruction ?? text;
}
