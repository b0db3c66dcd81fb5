import { join } from "node:path";

/** The comment the bundler puts above the generated validators in the chunk that holds them. */
const GENERATED_MARK = "\n// core/generated/validators.js\n";

/**
 * Takes out of the bundle the indentation the bundler gives the generated validators (ADR 0131).
 * core/generated/validators.js is one line of about 350 kB; the bundler prints it again with a
 * line per statement, indented by its nesting, and ajv's code nests deep: 1.13 MB. A process
 * keeps a module's source for as long as it runs, so every command that reads a document held
 * that megabyte, `run` included while the system's Worker ran beside it. Without the
 * indentation the chunk is about 370 kB and the code is the same.
 *
 * Returns the names of the chunks it rewrote; throws if the validators are in no chunk, so a
 * bundler that names them otherwise is noticed rather than the megabyte quietly coming back.
 */
export async function compactGeneratedChunks(dir: string): Promise<string[]> {
  const rewritten: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (!entry.isFile || !entry.name.endsWith(".js")) continue;
    const path = join(dir, entry.name);
    const text = await Deno.readTextFile(path);
    if (!text.includes(GENERATED_MARK)) continue;
    await Deno.writeTextFile(path, withoutIndentation(text, entry.name));
    rewritten.push(entry.name);
  }
  if (rewritten.length === 0) {
    throw new Error(`no chunk of the bundle in ${dir} holds core/generated/validators.js`);
  }
  return rewritten;
}

/**
 * `text` with the spaces and tabs that start each line removed. Whitespace there means nothing to
 * JavaScript unless it is inside a literal, and a string or a regular expression runs onto the
 * next line only as a template literal or after a backslash that ends the line (a block
 * comment's whitespace means nothing either): text with either is refused rather than changed.
 */
export function withoutIndentation(text: string, name: string): string {
  if (text.includes("`")) {
    throw new Error(`${name}: holds a template literal, whose lines may begin with text`);
  }
  if (/\\\r?\n/.test(text)) {
    throw new Error(`${name}: holds a line continued by a backslash, whose next line is text`);
  }
  return text.replace(/^[ \t]+/gm, "");
}
