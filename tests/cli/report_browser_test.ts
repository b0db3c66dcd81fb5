import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CHROMIUM, HOW_TO_GET_CHROMIUM, openChromium } from "./_chromium.ts";
import { cli, ROOT, SMALL_SUITE, workspace } from "./_cli.ts";

/** What a run's output may hold and a page must show as text, never run. */
const HOSTILE =
  `<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;

/** A system for SMALL_SUITE: "a<n>", except the numbers listed as wrong, and a hostile case. */
function system(options: { wrong?: number[]; hostile?: number } = {}): string {
  return `export function answer(vars) {
  if (vars.n === ${options.hostile ?? -1}) return ${JSON.stringify(HOSTILE)};
  return ${JSON.stringify(options.wrong ?? [])}.includes(vars.n) ? "a0" : "a" + vars.n;
}
`;
}

/** Three runs: the approved baseline (three wrong), one more, then the candidate, which regresses
 * on two (with a hostile output) and improves on three. */
async function reportedWorkspace(): Promise<{ cwd: string; html: string }> {
  const cwd = await workspace({ "suite.toml": SMALL_SUITE, "system.ts": system({ wrong: [3] }) });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  assertEquals((await cli(["promote", "latest", "--because", "baseline"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), system({ wrong: [1, 3] }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  await Deno.writeTextFile(join(cwd, "system.ts"), system({ hostile: 2 }));
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const report = await cli(["report", "--out", ".digline/reports/report.html"], { cwd });
  assertEquals(report.code, 1, report.stderr);
  return { cwd, html: join(cwd, ".digline", "reports", "report.html") };
}

Deno.test({
  name: "the HTML report renders in Chromium: flips side by side, escaped, and a chart over time",
  // playwright-core keeps Chromium's pipe open between steps; the browser is closed below.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    ok(
      existsSync(CHROMIUM),
      `Chromium is not installed at ${CHROMIUM}: ${HOW_TO_GET_CHROMIUM}`,
    );
    const { cwd, html } = await reportedWorkspace();
    const { context, close } = await openChromium();
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      const dialogs: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const url = pathToFileURL(html).href;
      await page.goto(url);

      assertEquals(await page.title(), "digline · small · WORSE");
      const headline = await page.textContent("#headline") ?? "";
      ok(headline.startsWith("WORSE (exit 1): 2 regressions in 1 case"), headline);

      const rows = page.locator("#flips-table tbody tr.flip");
      assertEquals(await rows.count(), 2);
      assertEquals(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.case)), [
        "two",
        "three",
      ]);
      const two = rows.nth(0);
      assertEquals(await two.locator("td.baseline pre").textContent(), "a2");
      assertEquals(await two.locator("td.candidate pre").textContent(), HOSTILE);
      assertEquals(await page.locator("#flips-table img, #flips-table td script").count(), 0);
      assertEquals(await two.locator(".checks .tag").allTextContents(), [
        "regression",
        "regression",
      ]);
      assertEquals(await rows.nth(1).locator("td.candidate pre").textContent(), "a3");

      const points = page.locator("#history svg circle.point");
      assertEquals(await page.locator("#history svg path.series").count(), 3);
      assertEquals(await points.count(), 9, "3 figures × 3 runs");
      const line = await page.locator("#history svg path.series.emphasis").boundingBox();
      ok(line !== null && line.width > 100, `the line is drawn: ${JSON.stringify(line)}`);

      await page.getByRole("button", { name: /^Improvements/ }).click();
      assertEquals(await page.locator("#flips-table tr.flip:visible").count(), 1);
      assertEquals(await page.textContent("#flips-shown"), "1");
      await page.getByRole("button", { name: /^All/ }).click();
      assertEquals(await page.locator("#flips-table tr.flip:visible").count(), 2);

      await Deno.mkdir(join(ROOT, "tests", "output"), { recursive: true });
      await page.screenshot({ path: join(ROOT, "tests", "output", "report.png"), fullPage: true });

      assertEquals(await page.title(), "digline · small · WORSE", "no output ran as script");
      assertEquals(dialogs, []);
      assertEquals(requests, [url], "the page loads nothing but itself");
    } finally {
      await close();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});
