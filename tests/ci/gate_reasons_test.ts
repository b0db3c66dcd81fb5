import { deepStrictEqual as assertEquals } from "node:assert/strict";
import {
  commandData,
  compareReason,
  summaryLine,
  verdictWord,
  worstCode,
} from "../../action/gate.ts";

const worse = { suite: "s", candidate_run: "r", exit_code: 1, headline: "WORSE (exit 1): x" };

Deno.test("a suite's non-zero exit is put down to changed rules, an ended budget, or the verdict, in that order", () => {
  assertEquals(compareReason({ ...worse, facts: [{ kind: "regression" }] }), "worse");
  assertEquals(
    compareReason({ ...worse, exit_code: 2, facts: [{ kind: "unjudged" }] }),
    "not judged",
  );
  assertEquals(
    compareReason({ ...worse, facts: [{ kind: "check-added" }, { kind: "regression" }] }),
    "rules changed",
  );
  assertEquals(
    compareReason({ ...worse, facts: [{ kind: "unconfirmed" }], confirm: { budget_ended: true } }),
    "budget ended",
  );
  assertEquals(compareReason({ ...worse, facts: [{ kind: "rules-moved" }] }), "rules changed");
});

Deno.test("the job's code is the worst suite's, and the verdict word comes from the headline", () => {
  assertEquals(worstCode([0, 1, 2, 0]), 2);
  assertEquals(worstCode([1, 64]), 64);
  assertEquals(worstCode([]), 0);
  assertEquals(verdictWord("NOT WORSE (exit 0): nothing got worse"), "NOT WORSE");
  assertEquals(verdictWord("WORSE (exit 1): 1 regression"), "WORSE");
  assertEquals(verdictWord("RULES CHANGED (exit 1): the new rules move"), "RULES CHANGED");
});

Deno.test("a suite line escapes its name, and an annotation can not be split into two commands", () => {
  assertEquals(
    summaryLine({ suite: "@team_x", code: 0, verdict: "NOT WORSE", detail: "fine" }),
    "- **@\u200bteam\\_x**: NOT WORSE (exit 0): fine",
  );
  assertEquals(
    summaryLine({
      suite: "s",
      code: 1,
      verdict: "WORSE",
      reason: "rules changed",
      detail: "the rules changed: expected changed",
    }),
    "- **s**: WORSE (exit 1): the rules changed: expected changed",
  );
  assertEquals(commandData("a\r\n::warning::b"), "a%0D%0A::warning::b");
});
