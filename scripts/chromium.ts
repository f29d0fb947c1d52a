/**
 * Debian's Chromium as the browser tests and the wire-bytes check start it. Without the
 * background-networking flags Chromium keeps trying Google's hosts, which a closed network
 * refuses; --no-sandbox because CI runs as root.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const HEADLESS_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
