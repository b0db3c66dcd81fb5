import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { commentSize, GITHUB_COMMENT_LIMIT, renderMarkdown } from "../../../core/report/mod.ts";
import { manyRegressions, reportInput } from "./_input.ts";

Deno.test("the Markdown report leads with the headline, then the figures table and the regressions", () => {
  const text = renderMarkdown(reportInput(
    [{ id: "c1", statuses: { correct: "pass" } }, { id: "c2", statuses: { correct: "pass" } }],
    [{ id: "c1", statuses: { correct: "fail" } }, { id: "c2", statuses: { correct: "pass" } }],
  ));
  const lines = text.split("\n");
  assertEquals(lines[0], "### ❌ digline · suite `s`");
  match(lines[2], /^> WORSE \(exit 1\): 1 regression in 1 case, pass → fail: c1 · correct/);
  ok(text.includes("| figure | baseline | now | change | 95% interval of the change | status |"));
  // Two cases can not show a significant drop; the regression gates on its own. One baseline
  // run measured no noise, and a rate of 1 can drop by 1 at most: so is the floor.
  // The change's interval is the paired test's, as `compare --json` gives it (`interval`).
  ok(
    text.includes(
      "| `accuracy` | 1.0000 | 0.5000 | −0.5000 | −1.0000 to +0.0000 | not significant (floor 1.0000) |",
    ),
    text,
  );
  // The floor is said where it is printed: what it is, and what a drop within it means.
  ok(
    text.includes(
      "\n\nfloor: how far a figure may drop, case by case, before the paired test calls the drop " +
        "significant at alpha 0.01 (or the figure's share of it, before correcting across " +
        "figures); a drop within it is not proven, nor ruled out.\n",
    ),
    text,
  );
  ok(text.includes("#### Regressions, pass → fail (1)\n\n- `c1` · `correct`\n"));
  ok(text.includes("approved by ana on 2026-11-30 (“first release”)"));
});

Deno.test("the Markdown report carries no output and no reason: it is for a public comment", () => {
  const text = renderMarkdown(reportInput(
    [{ id: "c1", statuses: { correct: "pass" } }, { id: "c2", statuses: { correct: "error" } }],
    [{ id: "c1", statuses: { correct: "fail" } }, { id: "c2", statuses: { correct: "pass" } }],
  ));
  ok(!text.includes("PAYLOAD"), text);
  ok(text.includes("#### Could not be judged (1)\n\n- `c2` · `correct` error → pass"));
});

Deno.test("a long list shows ten items and folds the rest in <details>", () => {
  const { before, after } = manyRegressions(25);
  const text = renderMarkdown(reportInput(before, after));
  const section = text.slice(text.indexOf("#### Regressions"));
  const open = section.slice(0, section.indexOf("<details>"));
  assertEquals(open.match(/^- /gm)?.length, 10);
  ok(section.includes("<details><summary>15 more</summary>\n\n- `case-00010` · `correct`"));
  ok(section.includes("- `case-00024` · `correct`\n\n</details>"));
  ok(!section.includes("and "), "nothing is cut when it fits");
});

Deno.test("thousands of regressions fit GitHub's comment limit, each list ending with and N more", () => {
  const { before, after } = manyRegressions(5_000);
  const text = renderMarkdown(reportInput(before, after));
  ok(commentSize(text) <= GITHUB_COMMENT_LIMIT, `${commentSize(text)} bytes`);
  ok(commentSize(text) > GITHUB_COMMENT_LIMIT * 0.9, "the budget is used, not wasted");
  const listed = text.match(/^- `case-\d+` · `correct`$/gm)?.length ?? 0;
  const more = Number(/^- and ([\d,]+) more$/m.exec(text)?.[1].replace(/,/g, ""));
  ok(listed > 100, `only ${listed} listed`);
  assertEquals(listed + more, 5_000, "what is listed and what is counted add up");
  match(text, /#### Regressions, pass → fail \(5,000\)/);
  match(text, /lists cut to fit a comment/);
  assertEquals(text.match(/<details>/g)?.length, text.match(/<\/details>/g)?.length);
});

Deno.test("a smaller limit cuts every list evenly and keeps the headline and footer", () => {
  const ids = Array.from({ length: 400 }, (_, i) => `c${i}`);
  const text = renderMarkdown(
    reportInput(
      ids.map((id, i) => ({ id, statuses: { correct: i < 200 ? "pass" : "fail" } })),
      ids.map((id, i) => ({ id, statuses: { correct: i < 200 ? "fail" : "pass" } })),
    ),
    { limit: 8_000 },
  );
  ok(commentSize(text) <= 8_000);
  match(text, /^> WORSE \(exit 1\)/m);
  match(text, /<sub>digline report · 400 cases compared/);
  const regressions = text.slice(text.indexOf("#### Regressions"), text.indexOf("#### Improv"));
  const improvements = text.slice(text.indexOf("#### Improvements"));
  const shown = (section: string) => section.match(/^- `c\d+`/gm)?.length ?? 0;
  ok(shown(regressions) > 0);
  assertEquals(shown(regressions), shown(improvements));
});

Deno.test("names that look like Markdown or HTML render as themselves", () => {
  const id = "a|b`c <script>@team";
  const text = renderMarkdown(reportInput(
    [{ id, statuses: { correct: "pass" } }],
    [{ id, statuses: { correct: "fail" } }],
  ));
  ok(text.includes("- ``a|b`c <script>@team`` · `correct`"), text);
  ok(
    text.includes("a\\|b\\`c \\<script\\>@\u200bteam"),
    "the headline escapes and mentions nobody",
  );
  ok(!/^<script>/m.test(text));
});

Deno.test("with nothing worse the report says so and lists the improvements", () => {
  const text = renderMarkdown(reportInput(
    [{ id: "c1", statuses: { correct: "fail" } }],
    [{ id: "c1", statuses: { correct: "pass" } }],
  ));
  match(text, /^### ✅ /);
  match(text, /> NOT WORSE \(exit 0\): nothing got worse: 1 case compared/);
  ok(text.includes("#### Improvements, fail → pass (1)\n\n- `c1` · `correct`"));
});

Deno.test("the same comparison gives the same Markdown twice", () => {
  const { before, after } = manyRegressions(3_000);
  assertEquals(
    renderMarkdown(reportInput(before, after)),
    renderMarkdown(reportInput(before, after)),
  );
});
