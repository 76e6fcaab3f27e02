// The HTML libraries a web page is read with, in one module the build makes a file of its own
// (dist/htmlLibrary.js, esbuild.mjs): with their entity tables they are larger than the rest of
// the chat, and only a `#url` page needs them.
export { NodeHtmlMarkdown } from 'node-html-markdown';
export { parse } from 'node-html-parser';
