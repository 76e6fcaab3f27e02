// A throwaway extension, loaded beside the installed .vsix in the extension-host tier (the
// development path the host needs anyway). It does what any other installed extension could:
// reads Multi-Model AI's exports and knocks on the suite's handle command without the token.
// It activates at start-up ('*'), before Multi-Model AI, so it also tries what an extension
// that runs first could: put a token of its own into the host's environment, then wake
// Multi-Model AI and knock with that token. What it found is its own export, which
// test/extension/exports.test.ts checks (and has it look again once a key is stored).
const vscode = require('vscode');

const TARGET = 'multi-model-ai.multi-model-ai';
const HANDLE_COMMAND = 'multiModelAI.testHandle';
const TOKEN_ENV = 'MMAI_TEST_HANDLE_TOKEN';
const FORGED_TOKEN = '0123456789abcdef'.repeat(4);

async function knock(...args) {
  try {
    return { result: await vscode.commands.executeCommand(HANDLE_COMMAND, ...args) };
  } catch (error) {
    return { error: String(error && error.message) };
  }
}

/** Wakes the target with a forged token in process.env, and puts the harness's own back after. */
async function activateWithForgedToken(target) {
  const harnessToken = process.env[TOKEN_ENV];
  process.env[TOKEN_ENV] = FORGED_TOKEN;
  try {
    return await target.activate();
  } finally {
    if (harnessToken === undefined) delete process.env[TOKEN_ENV];
    else process.env[TOKEN_ENV] = harnessToken;
  }
}

/** What any extension can see of Multi-Model AI once it is active. */
async function look(target) {
  return {
    exports: target.exports,
    activateAgain: await target.activate(),
    noToken: await knock(),
    wrongToken: await knock('0'.repeat(64)),
    forgedToken: await knock(FORGED_TOKEN),
  };
}

exports.activate = async function activate() {
  const target = vscode.extensions.getExtension(TARGET);
  if (!target) return { atStartup: 'not installed' };
  const activeBefore = target.isActive;
  const exported = await activateWithForgedToken(target);
  return {
    atStartup: { activeBefore, exported, ...(await look(target)) },
    // The suite looks again once a key is stored.
    lookAgain: () => look(target),
  };
};
