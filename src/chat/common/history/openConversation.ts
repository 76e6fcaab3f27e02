// Which conversation is open, remembered per window (its workspaceState), so that each window
// opens again on its own; a window that kept none yet reads the one kept for all (globalState).
import { SerialMemento, type MementoLike } from '../../../platform/storage/serialMemento';

export const ACTIVE_KEY = 'multiModelAI.chat.activeConversation';

export class OpenConversation {
  private readonly state: SerialMemento;
  private readonly window: SerialMemento;

  constructor(state: MementoLike, window: MementoLike | undefined) {
    this.state = SerialMemento.of(state);
    this.window = window ? SerialMemento.of(window) : this.state;
  }

  id(): string | undefined {
    // A window that kept none yet reads the one an earlier version kept for all (null: none open).
    const own = this.window.get<unknown>(ACTIVE_KEY);
    const id = own === undefined ? this.state.get<unknown>(ACTIVE_KEY) : own;
    return typeof id === 'string' ? id : undefined;
  }

  set(id: string | undefined): Promise<void> {
    return this.window.update(ACTIVE_KEY, id ?? null);
  }

  async flushed(): Promise<void> {
    await this.state.flushed();
    await this.window.flushed();
  }
}
