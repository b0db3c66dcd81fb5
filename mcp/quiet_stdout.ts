import { Console } from "node:console";
import process from "node:process";

/**
 * Sends everything written through `console` to stderr. On stdio, stdout is the protocol: one
 * `console.log` from a module target or a suite, which run in this process, would corrupt it.
 */
export function routeConsoleToStderr(): void {
  globalThis.console = new Console({
    stdout: process.stderr,
    stderr: process.stderr,
  }) as unknown as typeof globalThis.console;
}
