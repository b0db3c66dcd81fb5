/**
 * The entry of `dist/digline.js`: the CLI when it is run, and digline's library when a code-form
 * suite imports it, so one file serves a project outside the clone both ways.
 *
 * @module
 */
import { runAsProcess } from "./main.ts";

export * from "../mod.ts";

// Not awaited: a suite that imports this file while it runs must find its evaluation finished,
// and a top-level await that ends only in Deno.exit would never finish it.
if (import.meta.main) runAsProcess();
