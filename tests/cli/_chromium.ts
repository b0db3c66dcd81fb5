/** Debian's Chromium, which `.ci/run` installs; the browser tests fail, never skip, without it. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * The flags this machine's Chromium needs: headless as root without a sandbox, and no
 * background networking (the closed network refuses those connections).
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
