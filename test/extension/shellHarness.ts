// Shared by the extension-host suites: a way to put the shell in a known state (address, key, model)
// before each test, the emulator's control, and a bounded wait. The handle: test/support/useTestHandle.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestHandle } from '#src/testHandle';
import { CONFIG_SECTION, Settings } from '#src/platform/manifest/ids';
import { EmulatorControl } from '../emulator/control';
import { suiteEnv } from './env';

export function emulator(): EmulatorControl {
  return new EmulatorControl(suiteEnv().emulatorOrigin);
}

/** Waits for a condition the extension reaches asynchronously (bounded, for hangs only). */
export async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const short = (key: string) => key.slice(CONFIG_SECTION.length + 1);

async function setMaxTokens(api: TestHandle, value: number | undefined): Promise<void> {
  await vscode.workspace.getConfiguration(CONFIG_SECTION).update(short(Settings.maxTokens), value, vscode.ConfigurationTarget.Global);
  await until(() => api.settings.current().maxTokens === value || undefined, `${Settings.maxTokens} to apply`);
}

export interface ShellState {
  baseUrl?: string;
  key?: string;
  model?: string;
  maxTokens?: number;
}

/** Puts address, key, model and token limit in the given state (absent = cleared), and resets the emulator. */
export async function arrange(api: TestHandle, state: ShellState): Promise<void> {
  await emulator().reset();
  if (state.key) await api.apiKeys.store(state.key);
  else await api.apiKeys.remove();
  await until(async () => (await api.apiKeys.get()) === state.key || undefined, 'the key to be stored');
  await api.settings.update(Settings.baseUrl, state.baseUrl);
  await api.settings.update(Settings.model, state.model);
  await setMaxTokens(api, state.maxTokens);
  await until(() => (api.settings.current().baseUrl === state.baseUrl && api.settings.current().model === state.model) || undefined, 'the settings to apply');
}

/** Sets multiModelAI.baseUrl to a raw value, as a person editing settings.json would. */
export async function writeBaseUrl(value: string): Promise<void> {
  await vscode.workspace.getConfiguration(CONFIG_SECTION).update(short(Settings.baseUrl), value, vscode.ConfigurationTarget.Global);
}
