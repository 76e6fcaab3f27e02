// SVG elements for the usage page's charts: plain SVG drawn here is a few kilobytes, where a
// charting library is tens, and it takes the theme's colours straight from CSS.
const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** The series colours: VS Code's chart colours, so every theme gives its own; the last stands for the rest. */
export const SERIES_COLOURS = ['blue', 'orange', 'green', 'purple', 'yellow', 'red'].map((name) => `var(--vscode-charts-${name})`);

/** A round upper end for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= max)!;
}
