// Debian's Chromium, driven by playwright-core (DESIGN §7): a test tool's own browser download fails here.
import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumFound = fs.existsSync(CHROMIUM_PATH);
export const CHROMIUM_MISSING_NOTICE = [
  '',
  '  ***********************************************************************************',
  `  *  BROWSER JOURNEYS SKIPPED: no Chromium at ${CHROMIUM_PATH}`,
  '  *  Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH)',
  '  ***********************************************************************************',
  '',
].join('\n');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}
