import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CHROMIUM, openChromium } from "./_chromium.ts";
import { cli, ROOT } from "./_cli.ts";
import {
  caseViewWorkspace,
  INPUT_MARKER,
  JUDGE_REPLY,
  systemPromptDigest,
} from "./_case_view_store.ts";
import { startServe } from "./_serve.ts";

/** Every page the served site links to from its first page, fetched, by path. */
async function crawl(root: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = [new URL(root).href];
  while (queue.length > 0) {
    const url = queue.shift()!;
    const path = new URL(url).pathname;
    if (pages.has(path)) continue;
    const answer = await fetch(url);
    assertEquals(answer.status, 200, `${path} answered ${answer.status}`);
    const html = await answer.text();
    pages.set(path, html);
    for (const match of html.matchAll(/href="([^"#?]+)"/g)) {
      const next = new URL(match[1].replaceAll("&amp;", "&"), url);
      if (next.origin === new URL(root).origin && !pages.has(next.pathname)) queue.push(next.href);
    }
  }
  return pages;
}

/** Every file under a folder with its text, by path. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) { for (const [p, t] of await filesUnder(path)) files.set(p, t); }
    else files.set(path, await Deno.readTextFile(path));
  }
  return files;
}

Deno.test({
  name:
    "a case's page shows its input beside its output, the prompt sent, every check and the judge's answer; runs show their labels and target settings",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    ok(
      existsSync(CHROMIUM),
      `Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium`,
    );
    const { cwd, runs: [baseline, candidate] } = await caseViewWorkspace();
    assertEquals((await cli(["site", "--out", ".digline/site"], { cwd })).code, 0);
    const site = join(cwd, ".digline", "site");
    const { context, close } = await openChromium();
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });

      // The suite's runs table names each run by its label.
      await page.goto(pathToFileURL(join(site, "suite", "reviews.html")).href);
      assertEquals(
        await page.locator("#runs tbody td.label").allTextContents(),
        ["VADER trial", "AFINN baseline"],
        "newest first, each run's label",
      );

      // A run's page: its label and what the target was asked with.
      await page.locator(`#runs a[href="../run/${candidate}.html"]`).click();
      assertEquals(await page.title(), `Run ${candidate} · digline`);
      assertEquals(await page.textContent("#label"), "VADER trial");
      const settings = await page.locator("#target-settings").textContent() ?? "";
      for (const fact of ["sut-model", "temperature", "0", systemPromptDigest()]) {
        ok(settings.includes(fact), `the target's settings name ${fact}: ${settings}`);
      }

      // The case's page, from the run's page: input beside output, the prompt, every check.
      await page.locator(`#cases a[href="../case/${candidate}/parcel.html"]`).click();
      assertEquals(await page.title(), `Case parcel of run ${candidate} · digline`);
      ok((await page.textContent("#input"))!.includes(`${INPUT_MARKER} the parcel never came`));
      assertEquals(
        await page.textContent("#prompt pre"),
        `Classify: ${INPUT_MARKER} the parcel never came`,
      );
      ok((await page.textContent("#prompt"))!.includes(systemPromptDigest()));
      assertEquals(await page.textContent("#expected pre"), `"negative"`);
      assertEquals(await page.textContent("#output pre"), "positive");
      const input = (await page.locator("#input").boundingBox())!;
      const output = (await page.locator("#output").boundingBox())!;
      ok(
        output.x >= input.x + input.width - 1 && output.y < input.y + input.height,
        `the output sits beside the input: ${JSON.stringify({ input, output })}`,
      );
      const checks = await page.locator("#checks li").allTextContents();
      assertEquals(checks.length, 2, checks.join(" | "));
      ok(checks[0].includes("fail") && checks[0].includes("correct"), checks[0]);
      ok(checks[1].includes("pass") && checks[1].includes("kind words"), checks[1]);
      assertEquals(await page.textContent("#checks li .judge-answer"), JUDGE_REPLY);
      // `deno task screenshots` points this at docs/images, for docs/viewer.md.
      const shots = Deno.env.get("DIGLINE_SCREENSHOT_DIR") ?? join(ROOT, "tests", "output");
      await Deno.mkdir(shots, { recursive: true });
      await page.screenshot({ path: join(shots, "viewer-case.png"), fullPage: true });
      // On a phone the output comes under the input, and nothing is wider than the screen.
      await page.setViewportSize({ width: 390, height: 800 });
      const under = (await page.locator("#output").boundingBox())!;
      const above = (await page.locator("#input").boundingBox())!;
      ok(under.y >= above.y + above.height - 1, "the output sits under the input");
      ok(await page.evaluate(`document.body.scrollWidth <= 400`), "the case page fits a phone");
      await page.setViewportSize({ width: 1280, height: 900 });

      // From the comparison's flipped case to the same page, and to the baseline's.
      await page.goto(pathToFileURL(join(site, "comparison", "reviews.html")).href);
      const flip = page.locator('#flips tr.flip[data-case="parcel"]');
      assertEquals(
        [
          await flip.locator("a").first().getAttribute("href"),
          await flip.locator("a").last().getAttribute("href"),
        ],
        [`../case/${baseline}/parcel.html`, `../case/${candidate}/parcel.html`],
      );
      await flip.locator("a").first().click();
      assertEquals(await page.title(), `Case parcel of run ${baseline} · digline`);
      assertEquals(await page.textContent("#output pre"), "negative");
    } finally {
      await close();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "--redact vars keeps every input out of the served pages and the exported site",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const { cwd, runs } = await caseViewWorkspace();
    try {
      // Unredacted, the marker is there to be hidden: on each run's case page.
      const open = await startServe(cwd, { args: [] });
      try {
        const pages = await crawl(open.url);
        for (const run of runs) {
          ok(pages.get(`/case/${run}/parcel.html`)?.includes(INPUT_MARKER), run);
        }
      } finally {
        await open.stop();
      }

      const served = await startServe(cwd, { args: ["--redact", "vars"] });
      try {
        const pages = await crawl(served.url);
        for (const run of runs) ok(pages.has(`/case/${run}/parcel.html`), `${run}'s case page`);
        for (const [path, html] of pages) {
          ok(!html.includes(INPUT_MARKER), `served ${path} holds the input`);
          ok(!html.includes("the parcel never came"), `served ${path} holds the input`);
        }
      } finally {
        await served.stop();
      }

      const exported = await cli(["site", "--out", ".digline/redacted", "--redact", "vars"], {
        cwd,
      });
      assertEquals(exported.code, 0, exported.stderr);
      const files = await filesUnder(join(cwd, ".digline", "redacted"));
      ok(
        [...files.keys()].some((p) => p.endsWith(join("case", runs[1], "parcel.html"))),
        [...files.keys()].join("\n"),
      );
      for (const [path, html] of files) {
        ok(!html.includes(INPUT_MARKER), `exported ${path} holds the input`);
        ok(!html.includes("the parcel never came"), `exported ${path} holds the input`);
      }
    } finally {
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});
