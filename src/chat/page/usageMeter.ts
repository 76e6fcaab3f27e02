// The chat header's meter: how full the model's context was at the last answer (its prompt and
// answer tokens against the catalog's context length), what the conversation cost so far, at
// the catalog's prices, and what the prompt cache saved of it. Each part is left out when the
// catalog does not say (the saving, when there was none).
import * as l10n from '@vscode/l10n';
import type { AssistantTurn } from '../common/conversation/conversation';
import type { ConversationView, ModelView, TurnView } from '../common/protocol/protocol';
import { formatInteger, formatRub, formatPercent } from '../../platform/format/localeFormat';
import { el } from '../../platform/page/dom';
import { displayLocale } from '../../platform/format/displayLanguage';

/** What the meter needs of a turn: not its text, which a long history would keep alive twice. */
type Counted = Pick<AssistantTurn, 'id' | 'usage' | 'costRub' | 'savedRub'> & { role: TurnView['role'] };
const counted = (turn: TurnView): Counted =>
  turn.role === 'assistant'
    ? { id: turn.id, role: turn.role, usage: turn.usage, costRub: turn.costRub, savedRub: turn.savedRub }
    : { id: turn.id, role: turn.role };

export class UsageMeter {
  readonly element = el('div', { class: 'usage-meter', attrs: { role: 'status' } });
  private turns: Counted[] = [];
  /** The conversation's cost is not said until the turns before these (`earlier`) are here. */
  private partial = false;
  private contextLength: number | undefined;

  showConversation({ turns, earlier }: Pick<ConversationView, 'turns' | 'earlier'>): void {
    this.turns = turns.map(counted);
    this.partial = earlier > 0;
    this.render();
  }

  /** The turns before those shown, which the host sent after them. */
  prepend(turns: TurnView[]): void {
    this.turns = [...turns.map(counted), ...this.turns];
    this.partial = false;
    this.render();
  }

  /** A turn added, or (with `remove`) taken away, or an answer ended: the meter follows. */
  update(change: { append: TurnView } | { remove: string } | { end: AssistantTurn }): void {
    if ('append' in change) this.turns.push(counted(change.append));
    else if ('remove' in change) this.turns = this.turns.filter((t) => t.id !== change.remove);
    else this.turns = this.turns.map((t) => (t.id === change.end.id ? counted(change.end) : t));
    this.render();
  }

  showModel(model: ModelView): void {
    this.contextLength = model.options.find((o) => o.id === model.current)?.contextLength;
    this.render();
  }

  private render(): void {
    const answers = this.turns.flatMap((t) => (t.role === 'assistant' ? [t] : []));
    const lastUsage = answers.filter((t) => t.usage).at(-1)?.usage;
    const priced = answers.filter((t) => t.costRub !== undefined);
    const parts: string[] = [];
    const locale = displayLocale();
    if (lastUsage && this.contextLength) {
      const share = Math.min(100, Math.round((lastUsage.total_tokens / this.contextLength) * 100));
      parts.push(l10n.t('Context {0} of {1}', formatPercent(share, locale), formatInteger(this.contextLength, locale)));
    }
    if (priced.length > 0 && !this.partial) {
      parts.push(
        l10n.t(
          '{0} this chat',
          formatRub(
            priced.reduce((sum, t) => sum + (t.costRub ?? 0), 0),
            locale,
          ),
        ),
      );
      const saved = answers.reduce((sum, t) => sum + (t.savedRub ?? 0), 0);
      if (saved > 0)
        parts.push(l10n.t({ message: 'saved {0}', args: [formatRub(saved, locale)], comment: ['money the prompt cache saved, {0} an amount in roubles'] }));
    }
    this.element.textContent = parts.join(' · ');
    this.element.hidden = parts.length === 0;
  }
}
