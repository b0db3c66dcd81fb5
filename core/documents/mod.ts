/**
 * The documents `--json` prints and the MCP tools return: one zod schema per kind, each with
 * `output_version`, and the pure functions that build them.
 *
 * @module
 */
export * from "./version.ts";
export * from "./compare_document.ts";
export * from "./compare_document_of.ts";
export * from "./runs.ts";
export * from "./run_row.ts";
export * from "./run_summary.ts";
export * from "./history.ts";
export * from "./log_document.ts";
export * from "./verify.ts";
export * from "./sensitivity.ts";
export * from "./compare_suites.ts";
export * from "./compare_suites_output.ts";
export * from "./site.ts";
