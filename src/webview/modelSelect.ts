// The model in use, switchable in the panel: the same filtered list as the Select Model
// quick-pick. Choosing one updates the setting, so the status bar follows.
import type { ModelView } from '../core/chat/protocol';
import { el, iconButton } from './dom';
import type { HostBridge } from './hostBridge';

export class ModelSelect {
  readonly element: HTMLElement;
  private readonly select: HTMLSelectElement;
  private readonly problem: HTMLElement;

  constructor(private readonly bridge: HostBridge) {
    this.select = el('select', { class: 'model-select', attrs: { 'aria-label': 'Model' } });
    this.select.addEventListener('change', () => {
      if (this.select.value) bridge.post({ type: 'model/select', modelId: this.select.value });
    });
    this.problem = el('div', { class: 'model-problem', attrs: { role: 'status' } });
    this.element = el('div', { class: 'model-picker' },
      el('label', { class: 'codicon codicon-sparkle', attrs: { 'aria-hidden': 'true' } }),
      this.select,
      iconButton('refresh', 'Reload the model list', () => bridge.post({ type: 'model/refresh' })),
    );
  }

  problemElement(): HTMLElement {
    return this.problem;
  }

  show(model: ModelView): void {
    const options = model.options.map((option) =>
      el('option', { text: option.id, attrs: { value: option.id, title: option.description } }),
    );
    if (model.current && !model.options.some((o) => o.id === model.current)) {
      options.unshift(el('option', { text: `${model.current} (not usable)`, attrs: { value: '', disabled: '' } }));
    }
    if (!model.current) options.unshift(el('option', { text: model.loading ? 'Loading models…' : 'Pick a model', attrs: { value: '' } }));
    this.select.replaceChildren(...options);
    this.select.value = model.current && model.options.some((o) => o.id === model.current) ? model.current : '';
    this.select.disabled = model.loading && model.options.length === 0;
    this.problem.textContent = model.problem ?? '';
    this.problem.hidden = !model.problem;
  }
}
