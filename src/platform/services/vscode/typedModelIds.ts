// The model ids typed by hand, kept per service address in the extension's globalState (never in
// a setting: an address's models are not a preference). Used where the address serves no model
// list, and wherever a person names a model its list does not (typedModels.ts in the core).
import * as vscode from 'vscode';
import type { SerialMemento } from '../../storage/serialMemento';

/** globalState: `{ [baseUrl]: ids }`, the most recent first. */
const TYPED_MODELS_STATE = 'multiModelAI.typedModels';
/** Ids kept per address: the oldest go first. */
const MAX_IDS = 20;

type Stored = Record<string, string[]>;

function readStored(value: unknown): Stored {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const stored: Stored = {};
  for (const [address, ids] of Object.entries(value)) {
    if (Array.isArray(ids)) stored[address] = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  }
  return stored;
}

export class TypedModelIds implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when an id is added. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: SerialMemento) {}

  /** The ids typed for `baseUrl`, the most recent first. */
  for(baseUrl: string): string[] {
    return readStored(this.state.get(TYPED_MODELS_STATE))[baseUrl] ?? [];
  }

  /** Keeps `id` for `baseUrl` (first in its list). */
  async add(baseUrl: string, id: string): Promise<void> {
    await this.state.updateWith(TYPED_MODELS_STATE, (value) => {
      const stored = readStored(value);
      stored[baseUrl] = [id, ...(stored[baseUrl] ?? []).filter((other) => other !== id)].slice(0, MAX_IDS);
      return stored;
    });
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
