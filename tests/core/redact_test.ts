import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { redact, REDACTED } from "../../core/redact.ts";

const KEY = "sk-live/Ab+9xYz0123456789QRST";
const bytes = new TextEncoder().encode(KEY);
const b64 = (data: Uint8Array) => btoa(String.fromCharCode(...data));

Deno.test("every encoding of a key is replaced, and text around it is kept", () => {
  const forms = [
    KEY,
    b64(bytes),
    b64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""),
    encodeURIComponent(KEY).toLowerCase(),
    [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase(),
    [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    [...KEY].map((c) => `&#X${c.charCodeAt(0).toString(16)};`).join(""),
    [...KEY].map((c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
    KEY.slice(0, 9) + "\r\n" + KEY.slice(9),
    KEY.slice(3, 15),
  ];
  for (const form of forms) {
    assertEquals(redact(`<${form}>`, [KEY]), `<${REDACTED}>`, form);
  }
});

Deno.test("the key after a prefix in base64, at each alignment, is replaced", () => {
  for (const prefix of ["u:", "us:", "user:"]) {
    const encoded = b64(new TextEncoder().encode(prefix + KEY));
    const scrubbed = redact(encoded, [KEY]);
    assertEquals(scrubbed.includes(REDACTED), true, prefix);
    assertEquals(scrubbed.length < encoded.length - 20, true, scrubbed);
  }
});

Deno.test("JSON holding JSON is opened until the key is found, and written again only then", () => {
  const nested = JSON.stringify({ error: JSON.stringify({ message: `bad ${KEY}` }) });
  assertEquals(redact(nested, [KEY]).includes(KEY), false);
  const clean = '{ "a" : 1 }';
  assertEquals(redact(clean, [KEY]), clean);
});

Deno.test("eleven characters of the key in a row are not the key; text without it is unchanged", () => {
  const text = `near miss ${KEY.slice(0, 11)} and ${KEY.slice(5, 16)}`;
  assertEquals(redact(text, [KEY]), text);
  assertEquals(redact("hello", []), "hello");
});

const reversed = (text: string) => [...text].reverse().join("");
const escapeU = (text: string, backslashes = 1) =>
  [...text].map((c) =>
    `${"\\".repeat(backslashes)}u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  )
    .join("");
const percent = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
const entities = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join("");
const hexOf = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("");

Deno.test("the key reversed is replaced in every form the key is", () => {
  const back = reversed(KEY);
  const forms = [
    back,
    JSON.stringify(back).slice(1, -1),
    escapeU(back),
    percent(back),
    entities(back),
    hexOf(back),
    hexOf(back).toUpperCase(),
    b64(new TextEncoder().encode(back)),
    [...back].join(" "),
    back.slice(2, 16),
  ];
  for (const form of forms) {
    assertEquals(redact(`<${form}>`, [KEY]), `<${REDACTED}>`, form);
  }
});

Deno.test("the key as \\u escapes in a JSON string inside JSON is replaced, whole or a prefix", () => {
  // What a system that JSON-encodes an escaped key writes: {"k":"\\u0073\\u006b..."}.
  const inner = JSON.stringify({ k: escapeU(KEY) });
  assertEquals(redact(inner, [KEY]), `{"k":"${REDACTED}"}`);
  // A prefix of 17 of its characters, in text that no longer parses as JSON.
  const prefix = `{"k":"${escapeU(KEY.slice(0, 17), 2)}`;
  assertEquals(redact(prefix, [KEY]), `{"k":"${REDACTED}`);
  // The same once more escaped, as a check's reason quotes an output inside a stored document.
  const quoted = JSON.stringify(`got ${prefix}`).slice(1, -1);
  assertEquals(redact(quoted, [KEY]).includes("u0073"), false, redact(quoted, [KEY]));
});

Deno.test("JSON escaping applied up to three times, and mixed with literal characters, is replaced", () => {
  let escaped = escapeU(KEY);
  for (let times = 1; times <= 3; times++) {
    assertEquals(redact(`<${escaped}>`, [KEY]), `<${REDACTED}>`, escaped);
    escaped = JSON.stringify(escaped).slice(1, -1);
  }
  // Every other character escaped, the others as they are; then the same once more.
  const mixed = [...KEY].map((c, i) => i % 2 === 0 ? escapeU(c) : c).join("");
  assertEquals(redact(`<${mixed}>`, [KEY]), `<${REDACTED}>`);
  assertEquals(redact(`<${JSON.stringify(mixed).slice(1, -1)}>`, [KEY]), `<${REDACTED}>`);
  // A character escaped as \u005c (the backslash) then "u0073": a layer an encoder can add.
  const layered = [...KEY].map((c) => `\\u005c${escapeU(c).slice(1)}`).join("");
  assertEquals(redact(`<${layered}>`, [KEY]), `<${REDACTED}>`);
  // HTML-escaped twice: &amp;#115;
  assertEquals(redact(`<${entities(KEY).replaceAll("&", "&amp;")}>`, [KEY]), `<${REDACTED}>`);
});

Deno.test("twelve or more characters of the key in any encoding are replaced, not only the whole key", () => {
  const run = KEY.slice(4, 18);
  const forms = [
    escapeU(run),
    escapeU(run, 2),
    percent(run),
    percent(run).toUpperCase(),
    percent(run).replaceAll("%", "%25"),
    run.toUpperCase(),
    run.toLowerCase(),
    [...run].map((c, i) => i % 2 === 0 ? c.toUpperCase() : c.toLowerCase()).join(""),
    [...hexOf(run)].map((c, i) => i % 2 === 0 ? c.toUpperCase() : c).join(""),
    entities(run),
    [...run].join(" "),
    run.slice(0, 7) + "\n" + run.slice(7),
    run.slice(0, 7) + "\\n" + run.slice(7),
    hexOf(run),
    hexOf(run).toUpperCase(),
    escapeU(reversed(run)),
  ];
  for (const form of forms) {
    assertEquals(redact(`<${form}>`, [KEY]), `<${REDACTED}>`, form);
  }
  // base64 of a run of the key, behind a prefix at each alignment: no 16 of its characters stay.
  for (const prefix of ["", "u", "us"]) {
    const encoded = b64(new TextEncoder().encode(prefix + KEY.slice(0, 20)));
    const scrubbed = redact(encoded, [KEY]);
    assertEquals(scrubbed.includes(REDACTED), true, `${prefix}: ${scrubbed}`);
    assertEquals(scrubbed.replace(REDACTED, "").length <= 8, true, `${prefix}: ${scrubbed}`);
  }
});

Deno.test("eleven characters of the key in an encoding are not the key; encoded text without it is kept", () => {
  const near = KEY.slice(2, 13);
  const texts = [
    escapeU(near),
    percent(near),
    entities(near),
    [...near].join(" "),
    reversed(near),
    hexOf(near),
    'a "quoted" \\u00e9 caf&eacute; 100% &amp; {"k":"v\\n"}',
    "a hex digest 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  ];
  for (const text of texts) assertEquals(redact(text, [KEY]), text);
});

Deno.test("long runs of spaces, backslashes or escapes are scrubbed in linear time", () => {
  // Each pattern once tried again at every space of a run, looking back over the run: 5,000
  // spaces took 35 s.
  for (
    const text of [
      "ab" + " ".repeat(100_000) + "cd",
      "\\".repeat(200_000) + "u00",
      "%25".repeat(50_000),
      "a b ".repeat(50_000),
      "\n \n".repeat(50_000),
    ]
  ) {
    const started = performance.now();
    assertEquals(redact(text, [KEY]), text);
    const ms = performance.now() - started;
    assertEquals(ms < 2_000, true, `${text.slice(0, 8)}...: ${ms} ms`);
  }
});
