// Headless Debian Chromium driven by playwright-core, with the flags that keep
// it quiet and offline-friendly on these machines. Every launch gets a fresh
// temporary profile (so SecretStorage starts empty).
import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';
import { CHROMIUM_FLAGS } from '../support/chromium';
import { CHROMIUM_PATH } from './paths';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: run npm run host:install (or set MMAI_CHROMIUM).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}
