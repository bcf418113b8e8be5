// The system's Chromium (installed from Debian by .ci/run, never a tool's own download) and how every browser test
// starts it: headless, no sandbox, nothing fetched in the background.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Chromium is, or undefined on a machine without it (the browser tests then skip outside CI). */
export const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts headless Chromium. */
export function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error('no Chromium at /usr/bin/chromium');
  return chromium.launch({ executablePath: chromiumPath, args: FLAGS });
}
