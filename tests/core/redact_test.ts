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
