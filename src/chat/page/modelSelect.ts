// The model in use, switchable in the panel: the same filtered list as the Select Model
// quick-pick. Choosing one updates the setting, so the status bar follows. What stands in the
// way shows twice as little as it can: a few words on a line of their own under the picker
// (legible in a narrow side bar), and the message with its buttons once, above the conversation.
import * as l10n from '@vscode/l10n';
import type { ModelProblem, ModelView } from '../common/protocol/protocol';
import { el, icon, iconButton } from '../../platform/page/dom';
import { actionButtons } from './errorCardView';
import type { HostBridge } from './hostBridge';

export class ModelSelect {
  readonly element: HTMLElement;
  private readonly select: HTMLSelectElement;
  private readonly state: HTMLElement;
  private readonly problem: HTMLElement;
  private current?: ModelProblem;
  /** Set while an answer's error card already says what the problem says. */
  private saidElsewhere = false;

  constructor(private readonly bridge: HostBridge) {
    this.select = el('select', { class: 'model-select', attrs: { 'aria-label': l10n.t('Model') } });
    this.select.addEventListener('change', () => {
      if (this.select.value) bridge.post({ type: 'model/select', modelId: this.select.value });
    });
    this.state = el('div', { class: 'model-state' });
    this.problem = el('div', { class: 'model-problem', attrs: { role: 'status' } });
    this.element = el(
      'div',
      { class: 'model-picker' },
      el(
        'div',
        { class: 'model-row' },
        el('label', { class: 'codicon codicon-sparkle', attrs: { 'aria-hidden': 'true' } }),
        this.select,
        iconButton('refresh', l10n.t('Reload the model list'), () => bridge.post({ type: 'model/refresh' })),
      ),
      this.state,
    );
  }

  problemElement(): HTMLElement {
    return this.problem;
  }

  /** The problem's message, if any, so the page can tell when an error card says the same. */
  problemMessage(): string | undefined {
    return this.current?.message;
  }

  /** Hides the problem's message while an answer's error card says it (it is said once). */
  setSaidElsewhere(said: boolean): void {
    this.saidElsewhere = said;
    this.problem.hidden = !this.current || said;
  }

  show(model: ModelView): void {
    const usable = model.current !== undefined && model.options.some((o) => o.id === model.current);
    const options = model.options.map((option) =>
      // The id, which the status bar and the quick-pick show too, and the catalog's name beside it.
      el('option', { text: option.name ? `${option.id} — ${option.name}` : option.id, attrs: { value: option.id, title: option.description } }),
    );
    if (model.current && !usable) options.unshift(el('option', { text: model.current, attrs: { value: '', disabled: '' } }));
    if (!model.current) options.unshift(el('option', { text: model.loading ? l10n.t('Loading models…') : l10n.t('Pick a model'), attrs: { value: '' } }));
    this.select.replaceChildren(...options);
    this.select.value = usable ? model.current! : '';
    this.select.disabled = model.loading && model.options.length === 0;
    this.current = model.problem;
    this.state.replaceChildren(...(model.problem ? [icon('warning'), el('span', { text: model.problem.state })] : []));
    this.state.hidden = !model.problem;
    this.problem.replaceChildren(
      ...(model.problem
        ? [
            el('div', { class: 'card-message' }, icon('warning'), el('span', { text: model.problem.message })),
            actionButtons(model.problem.actions, this.bridge, () => this.bridge.post({ type: 'model/refresh' })),
          ]
        : []),
    );
    this.setSaidElsewhere(this.saidElsewhere);
  }
}
