import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { formatDelta } from "../../core/report/numbers.ts";
import { wilsonInterval } from "../../core/statistics/wilson.ts";
import { CHROMIUM, HOW_TO_GET_CHROMIUM, openChromium } from "./_chromium.ts";
import { cli, ROOT } from "./_cli.ts";
import { MARKED_OUTPUT, OPERATOR_REASON, viewerWorkspace } from "./_viewer_store.ts";

Deno.test({
  name:
    "the exported site renders every page in Chromium from files, with working links, filters and charts",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    ok(
      existsSync(CHROMIUM),
      `Chromium is not installed at ${CHROMIUM}: ${HOW_TO_GET_CHROMIUM}`,
    );
    const cwd = await viewerWorkspace();
    assertEquals((await cli(["site", "--out", ".digline/site"], { cwd })).code, 0);
    assertEquals(
      (await cli(["site", "--out", ".digline/redacted", "--redact", "outputs"], { cwd })).code,
      0,
    );
    const runs = JSON.parse((await cli(["list", "--json"], { cwd })).stdout).runs as {
      run_id: string;
      figures: Record<string, number | null>;
    }[];
    const compared = await cli(["compare", "--json"], { cwd });
    const headline = JSON.parse(compared.stdout).headline as string;
    const compareFigures = JSON.parse(compared.stdout).figures as {
      name: string;
      delta: number | null;
      interval: { low: number; high: number } | null;
    }[];
    const site = join(cwd, ".digline", "site");
    const { context, close } = await openChromium();
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      // `deno task screenshots` points this at docs/images, for docs/viewer.md.
      const shots = Deno.env.get("DIGLINE_SCREENSHOT_DIR") ?? join(ROOT, "tests", "output");
      await Deno.mkdir(shots, { recursive: true });

      // Suites: the approval, the latest run and its verdict, a link to each.
      await page.goto(pathToFileURL(join(site, "index.html")).href);
      assertEquals(await page.title(), "Suites · digline");
      const row = page.locator("#suites tbody tr");
      assertEquals(await row.count(), 1);
      const rowText = await row.textContent() ?? "";
      ok(
        rowText.includes(`${runs[2].run_id}by `),
        `the approved run and who approved it: ${rowText}`,
      );
      assertEquals(await row.locator(".verdict-word").first().textContent(), " · exit 0");
      await page.screenshot({ path: join(shots, "viewer-suites.png"), fullPage: true });

      // A suite: one chart per aggregate whose points are the stored figures, the runs, strips.
      await page.getByRole("link", { name: "small", exact: true }).click();
      assertEquals(await page.title(), "Suite small · digline");
      const points = await page.locator('#figures [data-aggregate="accuracy"] circle.point title')
        .allTextContents();
      const overall = points.filter((t) => t.startsWith("accuracy "));
      assertEquals(
        overall.map((t) => Number(t.split(" ")[1])),
        [...runs].reverse().map((r) => Number(r.figures.accuracy!.toFixed(4))),
        "the chart's points are the stored figures, oldest first",
      );
      // Each point's hover holds its run's interval: Wilson's over the cases its figure counted.
      const expectedIntervals: string[] = [];
      for (const run of [...runs].reverse()) {
        const viewed = await cli(["view", run.run_id, "--json"], { cwd });
        const figure = (JSON.parse(viewed.stdout).figures as {
          name: string;
          value: number;
          counted: string[];
        }[]).find((f) => f.name === "accuracy")!;
        const n = figure.counted.length;
        const { low, high } = wilsonInterval(Math.round(figure.value * n), n);
        expectedIntervals.push(`95% interval ${low.toFixed(4)} to ${high.toFixed(4)}`);
      }
      assertEquals(
        overall.map((t) => t.split(" · ")[1]),
        expectedIntervals,
        "each point's hover names its run's interval",
      );
      assertEquals(
        await page.locator("#runs tbody td.interval").allTextContents(),
        expectedIntervals.map((t) => t.replace("95% interval ", "")).reverse(),
        "the runs table shows each run's interval of the primary figure, newest first",
      );
      assertEquals(
        await page.locator("#figures text.mark-label").allTextContents(),
        ["approved by " + rowText.split("by ")[1].split(",")[0], "operator: drift, woke someone"],
        "the approval and the operator's decision are marked on the time axis",
      );
      assertEquals(await page.locator("#runs tbody tr").count(), 3);
      const strips = page.locator("#cases tr.strip-row");
      assertEquals(
        await strips.first().getAttribute("data-case"),
        "two",
        "pass, fail, pass: first",
      );
      assertEquals(await strips.first().getAttribute("data-flips"), "2");
      assertEquals(await strips.first().locator(".cell").count(), 3);
      await page.screenshot({ path: join(shots, "viewer-suite.png"), fullPage: true });

      // A run: the marked output, and the filters.
      const second = runs[1].run_id;
      await page.locator(`#runs a[href="../run/${second}.html"]`).click();
      assertEquals(await page.title(), `Run ${second} · digline`);
      ok((await page.locator("#cases").textContent())!.includes(MARKED_OUTPUT));
      await page.selectOption("#filter-status", "fail");
      assertEquals(await page.locator("tr.case-row:visible").count(), 2);
      assertEquals(await page.textContent("#cases-shown"), "2");
      await page.selectOption("#filter-check", "says-something");
      assertEquals(await page.locator("tr.case-row:visible").count(), 0);
      await page.selectOption("#filter-status", "");
      await page.selectOption("#filter-check", "");
      await page.selectOption("#filter-group", "g2");
      assertEquals(await page.locator("tr.case-row:visible").count(), 1);
      await page.screenshot({ path: join(shots, "viewer-run.png"), fullPage: true });

      // The comparison: compare's own headline, each figure's change with its interval, and a
      // way back.
      await page.goto(pathToFileURL(join(site, "comparison", "small.html")).href);
      assertEquals(await page.textContent("#headline"), headline);
      ok(
        compareFigures.some((f) =>
          f.interval?.low !== undefined && f.interval.low < f.interval.high
        ),
        "the comparison has an interval to show",
      );
      for (const figure of compareFigures) {
        const cells = await page.locator(`#figures tr[data-figure="${figure.name}"] td`)
          .allTextContents();
        assertEquals(
          [cells[3], cells[4]],
          [
            formatDelta(figure.delta),
            figure.interval === null
              ? ""
              : `${formatDelta(figure.interval.low)} to ${formatDelta(figure.interval.high)}`,
          ],
          `${figure.name}: the change and its interval are compare --json's`,
        );
      }
      await page.locator("#figures").screenshot({ path: join(shots, "viewer-comparison.png") });
      await page.getByRole("link", { name: "Approvals and decisions" }).click();
      assertEquals(await page.title(), "Approvals and decisions · digline");
      ok((await page.locator("#approvals").textContent())!.includes("first approved run"));
      const decision = await page.locator("#decisions tbody tr").textContent() ?? "";
      ok(decision.includes("drift") && decision.includes("woke someone"), decision);
      ok(decision.includes(OPERATOR_REASON), decision);
      assertEquals(
        await page.locator("#decisions a").first().getAttribute("href"),
        "suite/small.html",
      );
      await page.screenshot({ path: join(shots, "viewer-journal.png"), fullPage: true });

      // Keyboard: the navigation is reachable by Tab and every control has a label.
      await page.keyboard.press("Tab");
      ok(await page.evaluate(`document.activeElement?.tagName === "A"`));
      for (const name of ["index.html", `run/${second}.html`]) {
        await page.goto(pathToFileURL(join(site, name)).href);
        const unlabelled = await page.evaluate(
          `[...document.querySelectorAll("select, input")].filter((e) => document.querySelector('label[for="' + e.id + '"]') === null).length`,
        );
        assertEquals(unlabelled, 0, `${name} has a control with no label`);
      }
      // A phone's width: nothing wider than the screen but the tables' own scroll.
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(pathToFileURL(join(site, "index.html")).href);
      ok(await page.evaluate(`document.body.scrollWidth <= 400`), "the page fits a phone");

      // The redacted site shows the run without its payload.
      await page.goto(
        pathToFileURL(join(cwd, ".digline", "redacted", "run", `${second}.html`)).href,
      );
      const text = await page.locator("main").textContent() ?? "";
      ok(!text.includes(MARKED_OUTPUT) && text.includes("sha256:"), "the output is a digest");
      ok((await page.textContent("#redacted"))!.length > 0);

      ok(
        requests.every((url) => url.startsWith("file://")),
        `network: ${requests.filter((u) => !u.startsWith("file://"))}`,
      );
    } finally {
      await close();
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  },
});
