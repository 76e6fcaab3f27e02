// Project instructions: the text a project keeps for AI assistants (AGENTS.md at the workspace's
// root, or .github/copilot-instructions.md, the other common name), sent with every chat and
// refactor request. A workspace's files are read only when the person trusts it: an untrusted
// folder's text must not steer the model.

/** Where a project keeps its instructions, in the order they are looked for (workspace-relative). */
export const INSTRUCTION_FILES = ['AGENTS.md', '.github/copilot-instructions.md'] as const;

/** Characters of instructions sent (about 4,000 tokens): the rest of a longer file is left out. */
export const MAX_INSTRUCTIONS_CHARS = 16_000;

export interface ProjectInstructions {
  /** Workspace-relative path of the file read. */
  path: string;
  text: string;
  /** Set when the file was longer than MAX_INSTRUCTIONS_CHARS. */
  cut?: true;
}

export interface InstructionsAccess {
  /** Whether the person trusts the workspace (VS Code's workspace trust). */
  trusted: boolean;
  /** multiModelAI.projectInstructions. */
  enabled: boolean;
  /** The text of a workspace-relative file, or undefined when there is none. */
  read(path: string): Promise<string | undefined>;
}

/** The project's instructions, or undefined: none, turned off, or an untrusted workspace (then nothing is read). */
export async function findProjectInstructions(access: InstructionsAccess): Promise<ProjectInstructions | undefined> {
  if (!access.trusted || !access.enabled) return undefined;
  for (const path of INSTRUCTION_FILES) {
    const text = (await access.read(path).catch(() => undefined))?.trim();
    if (!text) continue;
    return text.length > MAX_INSTRUCTIONS_CHARS ? { path, text: text.slice(0, MAX_INSTRUCTIONS_CHARS), cut: true } : { path, text };
  }
  return undefined;
}

/** `system` with the project's instructions after it, as the model is told them. */
export function withInstructions(system: string, instructions: ProjectInstructions | undefined): string {
  if (!instructions) return system;
  return `${system}\n\nThe project's instructions, from ${instructions.path}; follow them:\n\n${instructions.text}`;
}
