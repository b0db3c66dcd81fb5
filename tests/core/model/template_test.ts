import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import {
  promptText,
  renderTemplate,
  TemplateFieldError,
  templateFields,
  varLookup,
} from "../../../core/model/template.ts";

Deno.test("a template's fields are listed once each, in order; stray braces are text", () => {
  assertEquals(templateFields("{{a}} {{ b.c }} {{a}} {x} {{ 1bad }} {{}}"), ["a", "b.c"]);
});

Deno.test("vars fill a prompt: text as written, other values as JSON, dotted names inside objects", () => {
  const vars = { q: "Why?", n: 3, user: { name: "Ada", tags: ["x"] } };
  assertEquals(
    renderTemplate("{{q}} {{n}} {{user.name}} {{user.tags}} {{user}}", varLookup(vars)),
    'Why? 3 Ada ["x"] {"name":"Ada","tags":["x"]}',
  );
  assertEquals(promptText(null), "null");
});

Deno.test("a field with no value throws rather than sending a prompt with a hole in it", () => {
  throws(() => renderTemplate("Q: {{question}}", varLookup({ q: "x" })), (error: unknown) => {
    assertEquals(error instanceof TemplateFieldError, true);
    assertEquals((error as TemplateFieldError).field, "question");
    return true;
  });
  assertEquals(varLookup({ a: "x" })("a.b"), undefined);
  assertEquals(varLookup({ a: ["x"] })("a.0"), undefined);
});

Deno.test("inserted text is not read again as a template", () => {
  assertEquals(renderTemplate("{{a}}", varLookup({ a: "{{b}}", b: "no" })), "{{b}}");
});
