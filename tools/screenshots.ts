/**
 * Takes docs/viewer.md's screenshots again: runs the site's browser tests, which write them into
 * the folder DIGLINE_SCREENSHOT_DIR names. The test drives Chromium through playwright-core, which
 * Deno lets read /proc only under --allow-all, as `deno task test` runs it too.
 *
 * @module
 */
const { code } = await new Deno.Command(Deno.execPath(), {
  args: [
    "test",
    "--config",
    "tests/deno.json",
    "--no-prompt",
    "--allow-all",
    "tests/cli/viewer_browser_test.ts",
    "tests/cli/viewer_compare_browser_test.ts",
    "tests/cli/case_view_browser_test.ts",
  ],
  env: { DIGLINE_SCREENSHOT_DIR: "docs/images" },
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);
