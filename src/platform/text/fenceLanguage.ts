// The VS Code language of a code block, from its fence word ("ts", "py", "sh"), for
// "New File with This Code". Unknown words are tried as language ids as they are.
const ALIASES: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescriptreact',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascriptreact',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  golang: 'go',
  kt: 'kotlin',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  hpp: 'cpp',
  h: 'c',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  shell: 'shellscript',
  yml: 'yaml',
  md: 'markdown',
  html: 'html',
  htm: 'html',
  xml: 'xml',
  svg: 'xml',
  jsonc: 'jsonc',
  json5: 'jsonc',
  ps1: 'powershell',
  ps: 'powershell',
  dockerfile: 'dockerfile',
  docker: 'dockerfile',
  text: 'plaintext',
  txt: 'plaintext',
};

/** The language id to try for `fence`, lower-cased; '' becomes plaintext. */
export function languageIdForFence(fence: string): string {
  const word = fence.trim().toLowerCase();
  if (!word) return 'plaintext';
  return ALIASES[word] ?? word;
}
