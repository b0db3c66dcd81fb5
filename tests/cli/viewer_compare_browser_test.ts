import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { openChromium } from "./_chromium.ts";
import { cli, ROOT, SMALL_SUITE, spawnCli } from "./_cli.ts";
import { MARKED_OUTPUT, viewerWorkspace } from "./_viewer_store.ts";

/** The viewer's store and a second suite, `fresh`, with one run and no approval. */
async function storeWithUnapprovedSuite(): Promise<{ cwd: string; runs: string[]; fresh: string }> {
  const cwd = await viewerWorkspace();
  await Deno.writeTextFile(
    join(cwd, "fresh.toml"),
    SMALL_SUITE.replace('name = "small"', 'name = "fresh"'),
  );
  assertEquals((await cli(["run", "fresh.toml"], { cwd })).code, 0);
  const listed = async (suite: string) =>
    (JSON.parse((await cli(["list", "--suite", suite, "--json"], { cwd })).stdout).runs as {
      run_id: string;
    }[]).map((r) => r.run_id);
  return { cwd, runs: await listed("small"), fresh: (await listed("fresh"))[0] };
}

/** Whether the document is no wider than the window: nothing scrolls sideways but a table's own box. */
async function fitsWidth(page: Page): Promise<boolean> {
  return await page.evaluate(
    `document.documentElement.scrollWidth <= window.innerWidth`,
  ) as boolean;
}

Deno.test({
  name:
    "the exported site compares two runs reached by clicking, marks the changed words, keeps search and filters in the URL, renders an unapproved suite and fits a phone",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { cwd, runs, fresh } = await storeWithUnapprovedSuite();
    const { context, close } = await openChromium();
    try {
      const site = await cli(["site", "--out", ".digline/site"], { cwd });
      assertEquals(site.code, 0, `site refused a store with an unapproved suite: ${site.stderr}`);
      const root = join(cwd, ".digline", "site");
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      const [newest, second, oldest] = runs;

      // Two runs, reached by clicking: the suite page's runs table, the second run against the one before it.
      await page.goto(pathToFileURL(join(root, "suite", "small.html")).href);
      await page.locator(`#runs tr:has(a[href="../run/${second}.html"]) td.compare a`, {
        hasText: "previous",
      }).click();
      assertEquals(await page.title(), `Run ${oldest} → ${second} · digline`);
      const diff = JSON.parse((await cli(["diff", oldest, second, "--json"], { cwd })).stdout);
      assertEquals(
        await page.locator("#changes tr.change").evaluateAll((rows) =>
          rows.map((r) => r.getAttribute("data-case"))
        ),
        diff.changed.map((c: { case_id: string }) => c.case_id),
        "the changed cases are diff --json's",
      );
      ok(
        (await page.textContent("#diff-summary"))!.startsWith(
          `${diff.changed.length} output${
            diff.changed.length === 1 ? "" : "s"
          } changed, ${diff.unchanged.length} unchanged`,
        ),
      );
      // The changed words, marked on each side.
      const row = page.locator(`#changes tr.change[data-case="two"]`);
      assertEquals(await row.locator("td.candidate ins").allTextContents(), [MARKED_OUTPUT]);
      assertEquals(await row.locator("td.baseline del").allTextContents(), ["a2"]);
      // `deno task screenshots` points this at docs/images, for docs/viewer.md.
      const shots = Deno.env.get("DIGLINE_SCREENSHOT_DIR") ?? join(ROOT, "tests", "output");
      await Deno.mkdir(shots, { recursive: true });
      await page.screenshot({ path: join(shots, "viewer-two-runs.png"), fullPage: true });

      // The run page: a search over outputs and a status filter, both in the URL, kept on reload.
      await page.locator("#run-b a").first().click();
      assertEquals(await page.title(), `Run ${second} · digline`);
      await page.fill("#filter-search", "PAYLOAD");
      assertEquals(await page.locator("tr.case-row:visible").count(), 1);
      await page.selectOption("#filter-status", "fail");
      assertEquals(await page.locator("tr.case-row:visible").count(), 1);
      const filtered = page.url();
      ok(filtered.includes("#q=PAYLOAD&status=fail"), filtered);
      await page.reload();
      assertEquals(await page.inputValue("#filter-search"), "PAYLOAD");
      assertEquals(await page.inputValue("#filter-status"), "fail");
      assertEquals(await page.locator("tr.case-row:visible").count(), 1);
      assertEquals(await page.textContent("#cases-shown"), "1");
      // A link with the filter in it opens filtered.
      await page.goto(pathToFileURL(join(root, "run", `${second}.html`)).href + "#status=fail");
      assertEquals(await page.locator("tr.case-row:visible").count(), 2);
      await page.goto(pathToFileURL(join(root, "run", `${second}.html`)).href + "#q=three");
      assertEquals(
        await page.locator("tr.case-row:visible th code").allTextContents(),
        ["three"],
        "the search finds a case by its id",
      );

      // The search finds a case by its input: the vars the run stored.
      await page.goto(
        pathToFileURL(join(root, "run", `${second}.html`)).href + "#q=" +
          encodeURIComponent(`"n":3`),
      );
      assertEquals(await page.locator("tr.case-row:visible").count(), 1);

      // A crafted fragment is only ever a control's value: no markup from it reaches the page.
      const hostile = `<img src="https://example.com/x.png">`;
      await page.goto(
        pathToFileURL(join(root, "run", `${second}.html`)).href + "#q=" +
          encodeURIComponent(hostile) + "&status=" + encodeURIComponent(`"><b>`),
      );
      assertEquals(await page.inputValue("#filter-search"), hostile);
      assertEquals(await page.inputValue("#filter-status"), "", "an unknown status is not chosen");
      assertEquals(await page.locator("main img").count(), 0);

      // The picker: a pair the folder holds opens; another names the command instead.
      await page.goto(pathToFileURL(join(root, "suite", "small.html")).href);
      await page.selectOption("#pick-a", oldest);
      await page.selectOption("#pick-b", newest);
      await page.click("#run-picker button");
      await page.waitForURL(/\/diff\//);
      assertEquals(await page.title(), `Run ${oldest} → ${newest} · digline`);
      await page.goBack();
      await page.selectOption("#pick-a", newest);
      await page.selectOption("#pick-b", oldest);
      await page.click("#run-picker button");
      ok((await page.textContent("#picker-note"))!.includes(`digline diff ${newest} ${oldest}`));

      // The comparison in the site's look: a rise whose interval spans zero is not "better".
      await page.goto(pathToFileURL(join(root, "comparison", "small.html")).href);
      const compared = JSON.parse(
        (await cli(["compare", "--suite", "small", "--json"], { cwd })).stdout,
      );
      const accuracy = compared.figures.find((f: { name: string }) => f.name === "accuracy");
      ok(accuracy.status === "better" && accuracy.interval.low < 0, JSON.stringify(accuracy));
      assertEquals(
        await page.textContent('#figures tr[data-figure="accuracy"] td.status'),
        "rose, not significant",
      );
      ok(
        await page.locator("#flips tr.flip ins").count() > 0,
        "the flip's changed words are marked",
      );

      // The unapproved suite: its row, its suite page and its comparison page say how to approve.
      await page.goto(pathToFileURL(join(root, "index.html")).href);
      const verdictCell = await page.locator("#suites tbody tr", { hasText: "small" })
        .locator("td").nth(3).textContent();
      assertEquals(verdictCell, "not worse · exit 0", "the index's verdict cell is short");
      const freshRow = page.locator("#suites tbody tr", { hasText: "fresh" });
      await freshRow.getByRole("link", { name: "no approval yet" }).click();
      assertEquals(await page.title(), "Suite fresh: latest run against its approval · digline");
      ok((await page.textContent("#how-to-approve"))!.includes(`digline promote ${fresh}`));
      await page.getByRole("link", { name: "every run of the suite" }).click();
      ok((await page.textContent("#unapproved"))!.includes("digline promote"));
      assertEquals(await page.locator("#runs tbody tr").count(), 1);

      // A phone's width: no page scrolls sideways.
      await page.setViewportSize({ width: 390, height: 800 });
      for (
        const path of [
          "index.html",
          "suite/small.html",
          `run/${second}.html`,
          "comparison/small.html",
          `diff/${oldest}/${second}.html`,
          "comparison/fresh.html",
          "journal.html",
        ]
      ) {
        await page.goto(pathToFileURL(join(root, path)).href);
        ok(await fitsWidth(page), `${path} is wider than a phone`);
        if (path === "suite/small.html") {
          await page.screenshot({ path: join(shots, "viewer-phone.png"), fullPage: true });
        }
      }
      ok(
        requests.every((url) => url.startsWith("file://")),
        `network: ${requests.filter((u) => !u.startsWith("file://"))}`,
      );

      // A redacted site's two-run page shows which outputs changed by their digests only.
      assertEquals(
        (await cli(["site", "--out", ".digline/redacted", "--redact", "outputs"], { cwd })).code,
        0,
      );
      const redacted = await Deno.readTextFile(
        join(cwd, ".digline", "redacted", "diff", oldest, `${second}.html`),
      );
      ok(!redacted.includes(MARKED_OUTPUT), "the output is not on the redacted page");
      ok(!redacted.includes(MARKED_OUTPUT.toLowerCase()), "nor in its search text");
      ok(redacted.includes("sha256:") && redacted.includes(`data-case="two"`));
    } finally {
      await close();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name:
    "serve compares any two runs picked on the suite page, answers every link of an unapproved suite, and keeps a search in the URL",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { cwd, runs, fresh } = await storeWithUnapprovedSuite();
    const child = spawnCli(["serve", "--port", "0"], { cwd, stderr: "piped" });
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let said = "";
    while (!/http:\/\/\S+/.test(said)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`serve stopped: ${said}`);
      said += value;
    }
    const url = /(http:\/\/\S+)/.exec(said)![1];
    const { context, close } = await openChromium();
    try {
      const [newest, second, oldest] = runs;
      for (const path of ["comparison/fresh.html", "suite/fresh.html", `run/${fresh}.html`]) {
        const answer = await fetch(new URL(path, url));
        await answer.body?.cancel();
        assertEquals(answer.status, 200, path);
      }
      for (const path of [`diff/${newest}/${fresh}.html`, `diff/${newest}/nothing.html`]) {
        const answer = await fetch(new URL(path, url));
        await answer.body?.cancel();
        assertEquals(answer.status, 404, path);
      }
      const page = await context.newPage();
      await page.goto(new URL("suite/small.html", url).href);
      // A pair no table row links to: the server draws any two.
      await page.selectOption("#pick-a", newest);
      await page.selectOption("#pick-b", second);
      await page.click("#run-picker button");
      await page.waitForURL(/\/diff\//);
      assertEquals(await page.title(), `Run ${newest} → ${second} · digline`);
      assertEquals(await page.locator("#changes tr.change:visible").count(), 2);
      await page.fill("#filter-search", "payload");
      assertEquals(await page.locator("#changes tr.change:visible").count(), 1);
      await page.reload();
      assertEquals(await page.inputValue("#filter-search"), "payload");
      assertEquals(
        await page.locator("#changes tr.change:visible").evaluateAll((rows) =>
          rows.map((r) => r.getAttribute("data-case"))
        ),
        ["two"],
      );
      ok(oldest !== undefined);
    } finally {
      await close();
      child.kill("SIGINT");
      await reader.cancel();
      await child.status;
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});
