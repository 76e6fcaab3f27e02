// The markdown rendering core of the chat webview.
export { createSanitizer, type Sanitizer } from './sanitizer';
export { createMarkdownParser, renderMarkdown, type CodeBlock, type RenderedMarkdown } from './markdownRenderer';
export { IncrementalMarkdown, type MarkdownUpdate, type RenderedBlock } from './incrementalRenderer';
export { StreamView, type StreamViewOptions } from './streamView';
export { isAllowedImageSrc, isAllowedLinkHref } from './urlPolicy';
export { PAGE_ADDED } from './domPatch';
export { markHiddenCharacters } from './hiddenCharacterMarks';
