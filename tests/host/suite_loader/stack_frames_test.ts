import { deepEqual } from "node:assert/strict";
import { parseStackFrames } from "../../../host/suite_loader/stack_frames.ts";

Deno.test("stack frames are read innermost first, with and without a function name", () => {
  const stack = [
    "RangeError: bad range",
    "    at helper (file:///w/lib.ts:2:9)",
    "    at new Config (file:///w/config.ts:7:11)",
    "    at async file:///w/suite.ts:3:1",
    "    at https://example.com/x.js:1:2",
  ].join("\n");
  deepEqual(parseStackFrames(stack), [
    { file: "file:///w/lib.ts", line: 2, column: 9 },
    { file: "file:///w/config.ts", line: 7, column: 11 },
    { file: "file:///w/suite.ts", line: 3, column: 1 },
    { file: "https://example.com/x.js", line: 1, column: 2 },
  ]);
});

Deno.test("frames inside the runtime and eval frames are nobody's source and are left out", () => {
  const stack = [
    "NotCapable: Requires read access",
    "    at Object.readTextFileSync (ext:deno_fs/30_fs.js:1:9859)",
    "    at JSON.parse (<anonymous>)",
    "    at eval (eval at <anonymous> (file:///w/a.ts:1:1), <anonymous>:1:1)",
    "    at node:internal/x:4:2",
    "    at file:///w/suite (copy).ts:5:6",
    "    at run (file:///w/dir (old)/suite.ts:8:2)",
  ].join("\n");
  deepEqual(parseStackFrames(stack), [
    { file: "file:///w/suite (copy).ts", line: 5, column: 6 },
    { file: "file:///w/dir (old)/suite.ts", line: 8, column: 2 },
  ]);
});

Deno.test("colour codes in a stack do not hide its frames", () => {
  const stack = "TypeError: Module not found\n    at \x1b[0m\x1b[36mfile:///w/s.ts\x1b[0m:\x1b[0m" +
    "\x1b[33m1\x1b[0m:\x1b[0m\x1b[33m19\x1b[0m";
  deepEqual(parseStackFrames(stack), [{ file: "file:///w/s.ts", line: 1, column: 19 }]);
});
