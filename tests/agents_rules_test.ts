import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SKILL = join(ROOT, "docs", "skills", "operating-digline", "SKILL.md");

/**
 * A skill file is a front matter block (`---` on the first line, `key: value` lines, `---`), one
 * blank line, then the body. "Identical" means: that body is AGENTS.md, byte for byte.
 */
function splitSkill(text: string): { header: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n/.exec(text);
  if (match === null) throw new Error("SKILL.md does not open with a front matter block");
  const header: Record<string, string> = {};
  for (const line of match[1].split("\n")) {
    const [, key, value] = /^([a-z_]+): (.*)$/.exec(line) ?? [];
    if (key === undefined) throw new Error(`front matter line is not key: value: ${line}`);
    // A value holding ": " must be quoted to be YAML; a double-quoted one is also JSON.
    header[key] = value.startsWith('"') ? JSON.parse(value) : value;
  }
  return { header, body: text.slice(match[0].length) };
}

Deno.test("the operating-digline skill states exactly the rules of AGENTS.md", async () => {
  const agents = await Deno.readTextFile(join(ROOT, "AGENTS.md"));
  const { body } = splitSkill(await Deno.readTextFile(SKILL));
  assertEquals(
    body,
    agents,
    "docs/skills/operating-digline/SKILL.md, below its front matter, must be AGENTS.md: copy it",
  );
});

Deno.test("the skill's front matter names it after its folder and says when to use it", async () => {
  const { header } = splitSkill(await Deno.readTextFile(SKILL));
  assertEquals(Object.keys(header).sort(), ["description", "name"]);
  assertEquals(header.name, "operating-digline");
  ok(/^[a-z0-9-]{1,64}$/.test(header.name));
  ok(header.description.length > 0 && header.description.length <= 1024);
});

Deno.test("AGENTS.md states every exit code and the rules an agent must keep", async () => {
  const agents = await Deno.readTextFile(join(ROOT, "AGENTS.md"));
  for (const code of ["0", "1", "2", "64", "70"]) {
    ok(new RegExp(`\\*\\*${code}\\*\\*: `).test(agents), `exit code ${code} is not explained`);
  }
  for (const rule of ["Never promote", "`.digline/`", "`operator.toml`", "`explain`"]) {
    ok(agents.includes(rule), `AGENTS.md does not say ${rule}`);
  }
  ok(/digline promote RUN_ID --because "/.test(agents), "no promote command for the person");
});
