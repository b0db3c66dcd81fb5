/**
 * The entry of `dist/cli.js`: the CLI alone, which `deno task install` installs. Unlike
 * `dist/digline.js` (cli/bundle.ts) it exports no library, so starting it evaluates only what
 * the command asked for needs.
 *
 * @module
 */
import { runAsProcess } from "./main.ts";

// Not awaited, as in cli/bundle.ts: runAsProcess ends the process itself.
runAsProcess();
