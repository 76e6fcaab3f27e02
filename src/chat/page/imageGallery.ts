// The images a `/image` answer made, shown from their saved files (the host gives each a
// webview resource address; the page's CSP allows no other image source but data:). Each has
// Open, Reveal in Explorer and Copy Path; a file moved away says so instead of a broken image.
import * as l10n from '@vscode/l10n';
import type { TurnImage } from '../common/conversation/conversation';
import { formatRub, plural } from '../../platform/format/localeFormat';
import { el, icon, iconButton } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';
import { displayLocale } from '../../platform/format/displayLanguage';

export function imageGallery(images: readonly TurnImage[], costRub: number | undefined, bridge: HostBridge): HTMLElement {
  const gallery = el('div', { class: 'turn-images' }, ...images.map((image) => imageFigure(image, bridge)));
  const locale = displayLocale();
  const count = plural(images.length, locale, {
    one: l10n.t({ message: '{0} image', comment: ['plural: one'] }),
    few: l10n.t({ message: '{0} images', comment: ['plural: few'] }),
    many: l10n.t({ message: '{0} images', comment: ['plural: many'] }),
    other: l10n.t({ message: '{0} images', comment: ['plural: other'] }),
  });
  gallery.append(el('div', { class: 'usage', text: costRub === undefined ? count : `${count} · ${formatRub(costRub, locale)}` }));
  return gallery;
}

function imageFigure(image: TurnImage, bridge: HostBridge): HTMLElement {
  const missing = el('div', { class: 'image-missing' }, icon('warning'), el('span', { text: l10n.t('The image is no longer at {0}.', image.label) }));
  const picture = image.src ? el('img', { attrs: { src: image.src, alt: image.label, loading: 'lazy' } }) : missing;
  picture.addEventListener('error', () => picture.replaceWith(missing));
  return el(
    'figure',
    { class: 'turn-image' },
    picture,
    el(
      'figcaption',
      {},
      el('span', { class: 'image-path', text: image.label, attrs: { title: image.file } }),
      el('span', { class: 'spacer' }),
      iconButton(
        'go-to-file',
        l10n.t({ message: 'Open', comment: ['a button under an image: opens its file'] }),
        () => bridge.post({ type: 'image/open', file: image.file }),
        { text: true, class: 'image-open' },
      ),
      iconButton('files', l10n.t('Reveal in Explorer'), () => bridge.post({ type: 'image/reveal', file: image.file }), { text: true, class: 'image-reveal' }),
      iconButton('copy', l10n.t('Copy Path'), () => bridge.post({ type: 'clipboard/copy', text: image.file }), { text: true, class: 'image-copy-path' }),
    ),
  );
}
