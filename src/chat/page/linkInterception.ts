// Links in answers never navigate the page: a click (or Enter) on one asks the host, which
// asks the person before opening it.
import type { HostBridge } from './hostBridge';

export function interceptLinks(element: HTMLElement, bridge: HostBridge): void {
  const openLink = (target: EventTarget | null): boolean => {
    const link = target instanceof Element ? target.closest<HTMLElement>('a[data-href]') : null;
    const href = link?.dataset.href;
    if (!href) return false;
    bridge.post({ type: 'link/open', href });
    return true;
  };
  element.addEventListener('click', (event) => {
    if (openLink(event.target)) event.preventDefault();
  });
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && openLink(event.target)) event.preventDefault();
  });
}
