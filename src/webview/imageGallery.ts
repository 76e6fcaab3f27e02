// The images a `/image` answer made, shown from their saved files (the host gives each a
// webview resource address; the page's CSP allows no other image source but data:). Each has
// Open, Reveal in Explorer and Copy Path; a file moved away says so instead of a broken image.
import type { TurnImage } from '../core/chat/conversation';
import { formatRub } from '../core/client/pricing';
import { el, icon, iconButton } from './dom';
import type { HostBridge } from './hostBridge';

export function imageGallery(images: readonly TurnImage[], costRub: number | undefined, bridge: HostBridge): HTMLElement {
  const gallery = el('div', { class: 'turn-images' }, ...images.map((image) => imageFigure(image, bridge)));
  const count = images.length === 1 ? '1 image' : `${images.length} images`;
  gallery.append(el('div', { class: 'usage', text: costRub === undefined ? count : `${count} · ${formatRub(costRub)}` }));
  return gallery;
}

function imageFigure(image: TurnImage, bridge: HostBridge): HTMLElement {
  const missing = el('div', { class: 'image-missing' }, icon('warning'), el('span', { text: `The image is no longer at ${image.label}.` }));
  const picture = image.src ? el('img', { attrs: { src: image.src, alt: image.label, loading: 'lazy' } }) : missing;
  picture.addEventListener('error', () => picture.replaceWith(missing));
  return el('figure', { class: 'turn-image' },
    picture,
    el('figcaption', {},
      el('span', { class: 'image-path', text: image.label, attrs: { title: image.file } }),
      el('span', { class: 'spacer' }),
      iconButton('go-to-file', 'Open', () => bridge.post({ type: 'image/open', file: image.file }), { text: true, class: 'image-open' }),
      iconButton('files', 'Reveal in Explorer', () => bridge.post({ type: 'image/reveal', file: image.file }), { text: true, class: 'image-reveal' }),
      iconButton('copy', 'Copy Path', () => bridge.post({ type: 'clipboard/copy', text: image.file }), { text: true, class: 'image-copy-path' }),
    ),
  );
}
