// Headless Chromium on these machines: the flags that keep it quiet and offline,
// and the bundling of a page script (a TypeScript entry) into one inline-able file.
import { build } from 'esbuild';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** `entryFile` (an absolute path) bundled, minified, as one browser script. */
export async function bundlePageScript(entryFile: string): Promise<string> {
  const bundle = await build({
    entryPoints: [entryFile],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  });
  return bundle.outputFiles[0]!.text;
}
