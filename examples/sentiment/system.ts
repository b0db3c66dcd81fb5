/**
 * The system under test that `suite.toml` points at.
 *
 * The demo plays a developer's change by swapping this line for
 * `export { classify } from "./engines/vader.ts";` between the baseline run and the next run.
 *
 * @module
 */
export { classify } from "./engines/afinn.ts";
