import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import {
  isBareSpecifier,
  steeringFeatures,
  userImportMap,
} from "../../../core/project_config/user_import_map.ts";
import { parseJsonc } from "../../../core/project_config/jsonc.ts";

Deno.test("a key that names a URL or a path in any spelling is never kept as bare", () => {
  const named = [
    "node:path",
    "NODE:path",
    " node:path",
    "\tnode:path",
    "\u0001node:path",
    "node:",
    "file:///work/digline/dist/chunk-X.js",
    "FILE:///d/",
    "file:",
    "https://host/x.js",
    "http:x",
    "data:text/javascript,1",
    "blob:null/x",
    "npm:zod",
    "jsr:@std/path",
    "a:b",
    "/abs/x.js",
    "//host/x.js",
    "./x.js",
    "../x.js",
    " ./x.js",
    ".",
    "..",
    "\\\\host\\x",
    "",
    " ",
  ];
  assertEquals(named.filter(isBareSpecifier), []);
  assertEquals(
    ["digline", "zod", "@std/assert/", "@noble/hashes/", "#internal", "lodash/fp"].filter(
      isBareSpecifier,
    ),
    ["digline", "zod", "@std/assert/", "@noble/hashes/", "#internal", "lodash/fp"],
  );
});

Deno.test("every key kept as bare is one no URL parser reads as a URL, whatever the key", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 24 }), (key) => {
      if (!isBareSpecifier(key)) return;
      ok(!URL.canParse(key), key);
      ok(!key.includes(":"), key);
      const start = [...key].findIndex((c) => c.charCodeAt(0) > 0x20);
      ok(start === -1 || !"./\\".includes(key[start]), key);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("only bare entries survive, in imports and in every scope, with paths made absolute", () => {
  const map = userImportMap({
    imports: {
      digline: "./vendor/digline/digline.js",
      "node:path": "./steer.js",
      "file:///d/dist/chunk-A.js": "./steer.js",
      "/abs": "./steer.js",
      "__proto__": "./proto.js",
    },
    scopes: {
      "file:///": { "node:path": "./steer.js", zod: "npm:zod@4.6.7" },
      "./vendor/": { "./x.js": "./y.js" },
      "lib/": { zod: "./lib/zod.js" },
    },
  }, { base: "file:///p/deno.json" });
  assertEquals(JSON.parse(JSON.stringify(map)), {
    imports: { digline: "file:///p/vendor/digline/digline.js", "__proto__": "file:///p/proto.js" },
    scopes: {
      "file:///": { zod: "npm:zod@4.6.7" },
      "file:///p/lib/": { zod: "file:///p/lib/zod.js" },
    },
  });
});

Deno.test("an unstable feature that changes how every module runs is named; the others are not", () => {
  assertEquals(
    steeringFeatures(["kv", "sloppy-imports", "bare-node-builtins", "unsafe-proto", "detect-cjs"]),
    ["unsafe-proto", "detect-cjs"],
  );
  assertEquals(steeringFeatures(["node-globals", "no-legacy-abort", "otel"]), [
    "node-globals",
    "no-legacy-abort",
    "otel",
  ]);
});

Deno.test("JSONC: comments and trailing commas go, and neither is looked for inside a string", () => {
  const text = `{
  // a comment "with quotes"
  "imports": {
    "a": "https://host/x.js", /* a block,
    over two lines */
    "b": "say \\"//not a comment\\", ok",
    "c": ",}",
  },
  "unstable": ["kv",],
}`;
  assertEquals(parseJsonc(text), {
    imports: { a: "https://host/x.js", b: 'say "//not a comment", ok', c: ",}" },
    unstable: ["kv"],
  });
});

Deno.test("JSONC: a byte order mark before the document is not part of it", () => {
  assertEquals(parseJsonc('\uFEFF{ "imports": {} }'), { imports: {} });
});
