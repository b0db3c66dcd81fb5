/** The alphabet of a suite name: it names files in the store. */
export const SUITE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** What a suite name outside that alphabet is told. */
export const SUITE_NAME_MESSAGE =
  "a suite name starts with a letter or digit and uses letters, digits and _ . - only";

/**
 * The first thing wrong with a suite name, in the words SuiteNameSchema (suite_name_schema.ts)
 * would use, or undefined; a suite is built without loading zod. tests/core/suite/suite_name_test.ts
 * holds the two to the same answer.
 */
export function suiteNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string") {
    const received = name === null ? "null" : Array.isArray(name) ? "array" : typeof name;
    return `Invalid input: expected string, received ${received}`;
  }
  if (name.length < 1) return "Too small: expected string to have >=1 characters";
  if (name.length > 100) return "Too big: expected string to have <=100 characters";
  return SUITE_NAME.test(name) ? undefined : SUITE_NAME_MESSAGE;
}
