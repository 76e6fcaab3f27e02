// A throwaway extension, loaded beside the installed .vsix in the extension-host tier (the
// development path the host needs anyway). It does what any other installed extension could:
// reads Multi-Model AI's exports and knocks on the suite's handle command without the token.
// What it found is its own export, which test/extension/exports.test.ts checks.
const vscode = require('vscode');

const TARGET = 'multi-model-ai.multi-model-ai';
const HANDLE_COMMAND = 'multiModelAI.testHandle';

async function knock(...args) {
  try {
    return { result: await vscode.commands.executeCommand(HANDLE_COMMAND, ...args) };
  } catch (error) {
    return { error: String(error && error.message) };
  }
}

exports.activate = async function activate() {
  const target = vscode.extensions.getExtension(TARGET);
  const exported = target ? await target.activate() : 'not installed';
  return {
    exported,
    exportsAfterActivation: target && target.exports,
    noToken: await knock(),
    wrongToken: await knock('0'.repeat(64)),
  };
};
