import { RuntimeWriterRefusedError } from "../process/refusals.ts";

/**
 * The V8 flags in a value of DENO_V8_FLAGS that make V8 write files: logs and profiles, traces,
 * dumps, heap snapshots, snapshots and anything else named for a file, path or output. V8 writes
 * them as the isolate starts, before any permission is checked, so Deno's --deny-write does not
 * cover them. V8 reads a flag with one dash as with two, `_` as `-`, and `no`/`no-` before a name
 * as the same flag negated, so each token is read that way before it is looked at; a negated
 * writer is refused too (`--no-logfile-per-isolate` is what makes a log land on a chosen file).
 */
export function writingV8Flags(value: string): string[] {
  const found: string[] = [];
  for (const token of value.split(/[\s,]+/)) {
    const flag = /^--?([^=]*)/.exec(token)?.[1];
    if (flag === undefined) continue;
    const name = flag.toLowerCase().replaceAll("_", "-").replace(/^no-?/, "");
    if (WRITING_NAME.test(name)) found.push(token);
  }
  return found;
}

// Prefixes of V8's writing flags (V8 2.9's `--v8-flags=--help` lists them), and words no flag
// that writes nothing carries.
const WRITING_NAME =
  /^(?:log|prof|perf|ll-prof|trace|heap|cpu|dump|redirect|write|gdbjit|map-counters|turbo-profiling|embedded|startup|builtins-effects|abort-on-uncaught|experimental-wasm-pgo|wasm-generate)|file|path|dump|output|snapshot/;

/**
 * Refuses the operator's launch when DENO_V8_FLAGS holds a flag that writes files, in any spelling
 * V8 accepts: V8 has written them by the time this runs (operator.toml among them, if named),
 * and nothing the operator decides after that is ruled by the policy it would read. A launch that
 * does not let it read the variable is left to the probe, which says so.
 */
export function refuseWritingV8Flags(): void {
  if (
    Deno.permissions.querySync({ name: "env", variable: "DENO_V8_FLAGS" }).state !== "granted"
  ) {
    return;
  }
  const flags = writingV8Flags(Deno.env.get("DENO_V8_FLAGS") ?? "");
  if (flags.length > 0) throw new RuntimeWriterRefusedError("DENO_V8_FLAGS", flags);
}
