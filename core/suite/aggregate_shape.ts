/**
 * What an aggregate may be, without zod: AggregateSpecSchema is built from these, and the hand
 * checks of a suite (host/suite_loader/plain_toml_suite.ts) and of a stored run
 * (core/run/run_document_check.ts) read them, so the three can not drift apart.
 */

/** An aggregate's keys, in the schema's order. */
export const AGGREGATE_KEYS = [
  "name",
  "kind",
  "over",
  "by",
  "positive",
  "primary",
  "higher_is_better",
] as const;

/** The figures an aggregate computes. */
export const AGGREGATE_KINDS = ["accuracy", "mean", "precision", "recall"] as const;

/** An aggregate's name: letters, digits and `_ . : -`. */
export const AGGREGATE_NAME = /^[A-Za-z0-9_.:-]+$/;
