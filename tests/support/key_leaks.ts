/**
 * A key, every form a system under test can answer it in, and a search of any text for it that
 * owes nothing to the scrub's own code: the tests that hold "no artefact carries the key" share it.
 *
 * @module
 */
import { join, relative } from "node:path";

/** Long, as real keys are: a reason or a report cuts each form of it short somewhere. */
export const KEY = "sk-proj-Zx9+Q7mN4pLw2Rt8Vb6Yc1HdT3BlbkFJx0aQ9wE7rK2mN5pL8sV4yZ1cB6dF3gH0jK";

/**
 * Every form the project lists (docs/security.md): the thirteen of tests/cli/key_forms_test.ts,
 * the key as it is, base64, the two that still left (the key reversed, and `\uXXXX` escapes in a
 * JSON string inside JSON), and the general cases beside them. Each is self-contained: its text is
 * written into the system under test, which answers the form its case names.
 */
export const FORMS: Record<string, (key: string) => string> = {
  "the key as it is": (k) => k,
  "base64": (k) => btoa(k),
  "base64url": (k) => btoa(k).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""),
  "basic-auth base64, the key at an offset": (k) => btoa(`user:${k}`),
  "lower-case percent escapes": (k) => encodeURIComponent(k).toLowerCase(),
  "hex": (k) =>
    [...new TextEncoder().encode(k)].map((b) => b.toString(16).padStart(2, "0")).join(""),
  "upper-case hex": (k) =>
    [...new TextEncoder().encode(k)].map((b) => b.toString(16).padStart(2, "0")).join("")
      .toUpperCase(),
  "full URL encoding": (k) =>
    [...new TextEncoder().encode(k)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
  "HTML numeric entities": (k) => [...k].map((c) => `&#${c.charCodeAt(0)};`).join(""),
  "HTML hex entities": (k) => [...k].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
  "double-encoded JSON": (k) => JSON.stringify(JSON.stringify({ error: { message: `bad ${k}` } })),
  "\\u escapes": (k) =>
    [...k].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  "split over lines": (k) => k.match(/.{1,5}/g)!.join("\n"),
  "spaced": (k) => [...k].join(" "),
  "a 16-character prefix": (k) => `starts ${k.slice(0, 16)}`,
  "the key reversed": (k) => [...k].reverse().join(""),
  "\\u escapes in a JSON string inside JSON": (k) =>
    JSON.stringify({
      k: [...k].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
    }),
  "a 17-character prefix as \\u escapes in JSON in JSON": (k) =>
    `{"k":"${
      [...k.slice(0, 17)].map((c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
        .join("")
    }`,
  "every other character escaped": (k) =>
    [...k].map((c, i) => i % 2 === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c)
      .join(""),
  "the key reversed, as \\u escapes": (k) =>
    [...k].reverse().map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  "the key reversed, in base64": (k) => btoa([...k].reverse().join("")),
  "a 20-byte prefix in hex": (k) =>
    [...new TextEncoder().encode(k.slice(0, 20))].map((b) => b.toString(16).padStart(2, "0"))
      .join(""),
  "HTML entities escaped twice": (k) => [...k].map((c) => `&amp;#${c.charCodeAt(0)};`).join(""),
};

/** A case id for each form. */
export function caseId(form: string): string {
  return form.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * A module target that reads the key (from OPENAI_API_KEY, or `key.txt` beside it where it may
 * not read the variable) and answers its case's form; `clean` answers "clean" to every case,
 * `hang` never answers the case whose form is "hang", and `throw` fails every case with an error
 * that quotes every form (a cause an alert or a summary quotes, cut short).
 */
export function systemSource(mode: "clean" | "leak" | "hang" | "throw"): string {
  const forms = Object.entries(FORMS).map(([name, f]) => `  ${JSON.stringify(name)}: ${f},`);
  return `const FORMS = {
${forms.join("\n")}
};
async function theKey() {
  try {
    const value = Deno.env.get("OPENAI_API_KEY");
    if (value) return value;
  } catch { /* not granted: read the file */ }
  return (await Deno.readTextFile(new URL("key.txt", import.meta.url))).trim();
}
export async function answer(vars) {
  if (vars.form === "hang") {
    if (${JSON.stringify(mode)} === "hang") await new Promise(() => {});
    return "clean";
  }
  if (${JSON.stringify(mode)} === "clean") return "clean";
  const key = await theKey();
  if (${JSON.stringify(mode)} === "throw") {
    throw new Error("bad key: " + Object.values(FORMS).map((form) => form(key)).join(" | "));
  }
  return FORMS[vars.form](key);
}
`;
}

/** A TOML suite with one case per form (and one that can hang), each expecting "clean". */
export function formsSuite(): string {
  const cases = [...Object.keys(FORMS), "hang"].map((form) =>
    `[[cases]]\nid = ${JSON.stringify(caseId(form))}\nvars = { form = ${
      JSON.stringify(form)
    } }\nexpected = "clean"\n`
  );
  return `name = "forms"

[target]
module = "system.ts"
export = "answer"
retries = 0

[[assertions]]
name = "clean"
kind = "equals"

${cases.join("\n")}`;
}

const encoder = new TextEncoder();
const reversed = (text: string) => [...text].reverse().join("");
const hexOf = (text: string) =>
  [...encoder.encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** base64 of the key at each alignment after a prefix, only the characters all its own. */
function base64Inners(text: string): string[] {
  const bytes = encoder.encode(text);
  const inners: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = btoa(String.fromCharCode(...padded));
    const inner = encoded.slice(
      Math.ceil((offset * 8) / 6),
      Math.floor(((offset + bytes.length) * 8) / 6),
    );
    inners.push(inner, inner.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return inners;
}

/** Every window of `width` characters of `text`, stepping by `step`. */
function windows(text: string, width: number, step = 1): string[] {
  const found: string[] = [];
  for (let at = 0; at + width <= text.length; at += step) found.push(text.slice(at, at + width));
  return found;
}

/** What 12 of the key's characters in a row look like in each form a search of text must know. */
const TELLS: { name: string; text: string }[] = [KEY, reversed(KEY)].flatMap((key, direction) => {
  const way = direction === 0 ? "key" : "reversed key";
  return [
    ...windows(key, 12).flatMap((run) => [
      { name: `${way}: 12 characters`, text: run },
      { name: `${way}: 12 characters, lower case`, text: run.toLowerCase() },
    ]),
    // 12 bytes of it in hex, and in base64.
    ...windows(hexOf(key), 24, 2).flatMap((run) => [
      { name: `${way}: hex`, text: run },
      { name: `${way}: upper-case hex`, text: run.toUpperCase() },
    ]),
    ...base64Inners(key).flatMap((inner) =>
      windows(inner, 16).map((run) => ({ name: `${way}: base64`, text: run }))
    ),
  ];
});

/**
 * `text` with every escape undone, three layers deep, and every space dropped: written here
 * apart from the scrub (core/decoded_text.ts), so a form it misses is not missed here too.
 */
function decoded(text: string): string {
  let view = text;
  for (let layer = 0; layer < 3; layer++) {
    view = view
      .replace(/&amp;/g, "&")
      .replace(/\\+u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\+[nrt]/g, " ")
      .replace(/\\+(.)/g, "$1")
      .replace(/%(?:25)*([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d) => String.fromCharCode(Number(d)))
      .replace(/&#[xX]([0-9a-fA-F]+);/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  }
  return view.replace(/\s+/g, "");
}

/** Each form of 12 of the key's characters `text` holds, as written or decoded, named by `where`. */
export function leaksIn(text: string, where: string): string[] {
  const found = new Set<string>();
  const open = decoded(text);
  for (const tell of TELLS) {
    if (text.includes(tell.text)) found.add(`${where}: ${tell.name}`);
    else if (open.includes(tell.text)) found.add(`${where}: ${tell.name}, once decoded`);
  }
  return [...found];
}

/** The same for every file under `dir`, each named by its path. */
export async function leaksUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(path: string): Promise<void> {
    for await (const entry of Deno.readDir(path)) {
      const child = join(path, entry.name);
      if (entry.isDirectory) await walk(child);
      else if (entry.isFile) {
        found.push(...leaksIn(await Deno.readTextFile(child), relative(dir, child)));
      }
    }
  }
  await walk(dir);
  return found;
}
