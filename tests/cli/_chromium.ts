import { chromiumPath } from "../runner/browser.ts";

export { HOW_TO_GET_CHROMIUM } from "../runner/browser.ts";

/**
 * The Chromium the browser tests drive (DIGLINE_CHROMIUM, or Debian's, which `.ci/run`
 * installs). The test runner skips them where it is missing, except under CI; run alone, they
 * fail without it.
 */
export const CHROMIUM: string = chromiumPath();

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
