import { deepEqual, equal } from "node:assert/strict";
import { createTomlLocator } from "../../../host/suite_loader/toml_locator.ts";

const SUITE = [
  'name = "x" # a comment with [[cases]] in it', // 1
  'description = """', // 2
  "[target]", // 3
  'command = "not a key"', // 4
  '"""', // 5
  "", // 6
  "[target]", // 7
  "command = [", // 8
  '  "python3", # ] a bracket in a comment', // 9
  '  "bot.py",', // 10
  "]", // 11
  "  retries = 2", // 12
  "", // 13
  "[[cases]]", // 14
  'id = "a"', // 15
  "", // 16
  "[[cases]]", // 17
  "id = 'b'", // 18
  'vars = { question = "a = { b }", nested = { deep = 1 }, list = [1, { x = 2 }] }', // 19
  "", // 20
  "[cases.extra]", // 21
  "note = '''", // 22
  "[[cases]]", // 23
  "'''", // 24
  "", // 25
  "[[cases]]", // 26
  'vars.question = "dotted"', // 27
  '"quoted key" = 1', // 28
].join("\n");

Deno.test("a key in a table is found at its own line and column", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["name"]), { line: 1, column: 1, exact: true });
  deepEqual(locate(["target", "retries"]), { line: 12, column: 3, exact: true });
  deepEqual(locate(["cases", 1, "id"]), { line: 18, column: 1, exact: true });
});

Deno.test("a multi-line string that looks like tables declares nothing", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["target"]), { line: 7, column: 1, exact: true });
  deepEqual(locate(["target", "command"]), { line: 8, column: 1, exact: true });
  // Only three [[cases]] headers are real: the one inside the ''' string is text.
  deepEqual(locate(["cases", 2]), { line: 26, column: 1, exact: true });
  deepEqual(locate(["cases", 3]), { line: 14, column: 1, exact: false });
});

Deno.test("the elements of a multi-line array are found past comments holding brackets", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["target", "command", 1]), { line: 10, column: 3, exact: true });
});

Deno.test("a key inside an inline table is found on its line", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["cases", 1, "vars", "question"]), { line: 19, column: 10, exact: true });
  deepEqual(locate(["cases", 1, "vars", "nested", "deep"]), { line: 19, column: 45, exact: true });
  deepEqual(locate(["cases", 1, "vars", "list", 1, "x"]), { line: 19, column: 70, exact: true });
});

Deno.test("a sub-table header belongs to the latest element of its array of tables", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["cases", 1, "extra", "note"]), { line: 22, column: 1, exact: true });
});

Deno.test("dotted and quoted keys are found segment by segment", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["cases", 2, "vars"]), { line: 27, column: 1, exact: true });
  deepEqual(locate(["cases", 2, "vars", "question"]), { line: 27, column: 6, exact: true });
  deepEqual(locate(["cases", 2, "quoted key"]), { line: 28, column: 1, exact: true });
});

Deno.test("a missing key points at the header of the table it belongs in", () => {
  const locate = createTomlLocator(SUITE);
  deepEqual(locate(["cases", 0, "expected"]), { line: 14, column: 1, exact: false });
  deepEqual(locate(["target", "timeout_ms"]), { line: 7, column: 1, exact: false });
  deepEqual(locate(["cases", 1, "vars", "missing"]), { line: 19, column: 1, exact: false });
  deepEqual(locate(["aggregates", 0, "over"]), { line: 1, column: 1, exact: false });
});

Deno.test("windows line endings count as one line break", () => {
  const locate = createTomlLocator('name = "x"\r\n\r\n[target]\r\n  command = ["a"]\r\n');
  deepEqual(locate(["target", "command"]), { line: 4, column: 3, exact: true });
});

Deno.test("text that is not TOML never makes the locator throw", () => {
  for (const text of ["[[", '= = "', "a = [1, {", "'''", "x.\n.y = {", '"\\', "[a.]]"]) {
    const locate = createTomlLocator(text);
    equal(typeof locate(["a", 0, "b"]).line, "number");
  }
});
