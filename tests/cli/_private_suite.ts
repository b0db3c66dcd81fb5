/** A suite whose cases carry customer names, and a run of it that regresses quoting them. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { cli, workspace } from "./_cli.ts";
import { accuracySuite } from "../support/suite_toml.ts";

// Names no id, timestamp or digest could contain by chance; each system below echoes them.
const CUSTOMERS = ["Zelda Quillfeather", "Orrin Blackwood", "Mabel Farthingale"];

export function privateSuite(extra = ""): string {
  return accuracySuite("private", {
    top: extra,
    rest: CUSTOMERS.map((name, i) => `
[[cases]]
id = "case-${i + 1}"
vars = { customer = "${name}" }
expected = "Dear ${name}"
`).join(""),
  });
}

export const GOOD = `export function answer(v) { return "Dear " + v.customer; }\n`;
// Case 2 regresses with an output quoting its var; case 3 fails with an error quoting its var.
export const WORSE = `export function answer(v) {
  if (v.customer.startsWith("Mabel")) throw new Error("no account for " + v.customer);
  if (v.customer.startsWith("Orrin")) return "Hi " + v.customer + ", balance 4417.09";
  return "Dear " + v.customer;
}
`;
/** Every payload string of both runs: the vars, the expected answers, the outputs, the error. */
export const PAYLOADS = [
  ...CUSTOMERS,
  ...CUSTOMERS.map((name) => `Dear ${name}`),
  "4417.09",
  "no account for",
];

export async function regressedWorkspace(extra = ""): Promise<string> {
  const cwd = await workspace({ "suite.toml": privateSuite(extra), "system.ts": GOOD });
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
  const promoted = await cli(["promote", "latest", "--by", "tester", "--because", "first"], {
    cwd,
  });
  assertEquals(promoted.code, 0, promoted.stderr);
  await Deno.writeTextFile(join(cwd, "system.ts"), WORSE);
  // Case 3's error leaves the run unjudged: stored, and exit 2.
  assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 2);
  return cwd;
}

export function leaked(text: string): string[] {
  return PAYLOADS.filter((payload) => text.includes(payload));
}
