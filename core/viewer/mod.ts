/**
 * The store as a site: pure pages built from what the host reads, served live by `digline serve`
 * and written as files by `digline site`.
 *
 * @module
 */
export * from "./site_paths.ts";
export * from "./site_model.ts";
export * from "./case_strips.ts";
export * from "./suites_page.ts";
export * from "./suite_page.ts";
export * from "./run_page.ts";
export * from "./case_page.ts";
export * from "./run_facts.ts";
export * from "./journal_page.ts";
export * from "./page_shell.ts";
export * from "./comparison_page.ts";
export * from "./diff_page.ts";
export * from "./url_filters.ts";
export * from "./runs_picker.ts";
