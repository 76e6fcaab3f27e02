// Refactor Selection: the request that asks for the selection rewritten, as code only, in
// the selection's language, keeping its indentation (the reply replaces the selection as is).
import { fenceCode } from '../../platform/text/codeFence';
import { linesText } from '../../platform/text/lineRange';
import type { TextMessage } from '../../platform/client/transports/textRequest';
import { withInstructions, type ProjectInstructions } from '../../platform/instructions/projectInstructions';

export interface RefactorPromptInput {
  code: string;
  languageId: string;
  /** Workspace-relative path, for the model's sense of the code's role. */
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  instruction: string;
  /** The project's instructions (AGENTS.md), in a trusted workspace. */
  instructions?: ProjectInstructions;
}

function indentationRule(code: string): string {
  const firstLine = code.split('\n').find((line) => line.trim() !== '') ?? '';
  const indent = /^[ \t]*/.exec(firstLine)?.[0] ?? '';
  if (indent === '') return 'Keep the indentation style of the original.';
  const what = indent.includes('\t') ? `${indent.length} tab(s)` : `${indent.length} space(s)`;
  return `Keep the original indentation: the code starts indented by ${what}, and so must your code.`;
}

export function buildRefactorMessages(input: RefactorPromptInput): TextMessage[] {
  const lines = linesText(input);
  const system = [
    'You rewrite code as instructed. Your reply replaces the original code in the file exactly as you write it.',
    `Reply with code only: one fenced code block in ${input.languageId}, with no explanation before or after it.`,
    `Write ${input.languageId} only, and keep the code a drop-in replacement: same surrounding scope, same public names unless told otherwise.`,
    indentationRule(input.code),
  ].join('\n');
  const user = [
    `Instruction: ${input.instruction.trim()}`,
    '',
    `The ${input.languageId} code to rewrite, from ${input.path} (${lines}):`,
    fenceCode(input.code, input.languageId),
  ].join('\n');
  return [
    { role: 'system', content: withInstructions(system, input.instructions) },
    { role: 'user', content: user },
  ];
}
