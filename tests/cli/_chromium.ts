import { ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { type BrowserContext, chromium } from "playwright-core";
import { chromiumPath, HOW_TO_GET_CHROMIUM } from "../runner/browser.ts";

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

/** A fresh headless Chromium with a profile of its own; `close` ends it and removes the profile. */
export async function openChromium(): Promise<
  { context: BrowserContext; close: () => Promise<void> }
> {
  ok(existsSync(CHROMIUM), `Chromium is not installed at ${CHROMIUM}: ${HOW_TO_GET_CHROMIUM}`);
  const profile = await Deno.makeTempDir({ prefix: "digline-chromium-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}
