/**
 * V8's linear-time regex engine (the `l` flag) exists only when Deno runs with
 * `--v8-flags=--enable-experimental-regexp-engine`, which the digline task and the compiled
 * binary pass. A pattern it accepts can not backtrack, so it runs on the main thread at V8's
 * own speed; any other pattern (a backreference, a lookbehind), or any pattern without the
 * flag, runs in a Worker that is stopped at the deadline.
 */
const LINEAR_ENGINE = (() => {
  try {
    new RegExp("a", "l");
    return true;
  } catch {
    return false;
  }
})();

/** The pattern compiled for the linear-time engine, or undefined where that is not possible. */
export function linearRegex(pattern: string, flags: string): RegExp | undefined {
  if (!LINEAR_ENGINE) return undefined;
  try {
    return new RegExp(pattern, `${flags}l`);
  } catch {
    return undefined;
  }
}
