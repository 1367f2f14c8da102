/**
 * Debian's Chromium as the tests and the web benchmarks launch it (Playwright's own browser
 * download cannot work on these machines): its path and the flags it needs here. Playwright
 * sets headless itself; a browser launched by hand (Lighthouse) adds `--headless=new`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
