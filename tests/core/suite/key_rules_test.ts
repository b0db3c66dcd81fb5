import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { Ajv } from "ajv";
import { keyRules } from "../../../core/suite/key_rules.ts";

const RULES = keyRules<Record<string, unknown>>([
  { key: "kind", is: ["a"], requires: "why", message: "an a says why" },
  { key: "kind", isNot: ["b"], forbids: "extra", message: "only a b has extra" },
  {
    key: "kind",
    is: ["c", "d"],
    forbids: "top",
    value: true,
    message: (d) => `a ${d.kind} is not top`,
  },
]);

const Schema = z.object({
  kind: z.string().optional(),
  why: z.string().optional(),
  extra: z.number().optional(),
  top: z.boolean().optional(),
}).superRefine((d, ctx) => RULES.refine(d, ctx));
const validate = new Ajv().compile({ type: "object", ...RULES.meta });

const DOCUMENTS: [Record<string, unknown>, string[]][] = [
  [{ kind: "a", why: "x" }, []],
  [{ kind: "a" }, ["why: an a says why"]],
  [{ kind: "b", extra: 1 }, []],
  [{ extra: 1 }, ["extra: only a b has extra"]],
  [{ kind: "a", extra: 1 }, ["why: an a says why", "extra: only a b has extra"]],
  [{ kind: "c", top: false }, []],
  [{ kind: "d", top: true }, ["top: a d is not top"]],
  [{ kind: "e", top: true }, []],
];

Deno.test("a key rule written once refuses the same documents in zod and in its JSON Schema", () => {
  for (const [document, issues] of DOCUMENTS) {
    const parsed = Schema.safeParse(document);
    const said = parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    assertEquals(said, issues, JSON.stringify(document));
    assertEquals(validate(document), issues.length === 0, JSON.stringify(document));
  }
});
