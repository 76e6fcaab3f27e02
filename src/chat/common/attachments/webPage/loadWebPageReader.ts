// The web page reader's module, loaded on the first page: undici and the Markdown converter stay out of activation.
export const loadWebPageReader = () => import('./webPageRead');
