import { XMLParser, XMLValidator } from "fast-xml-parser";

/** One testcase as a CI test tab reads it. */
export interface ParsedTestcase {
  suite: string;
  classname: string;
  name: string;
  outcome: "passed" | "failure" | "error" | "skipped";
  message?: string;
  type?: string;
}

/** A testsuite's declared counts. */
export interface ParsedTestsuite {
  name: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

/**
 * Parses JUnit XML with a real XML parser: refuses anything that is not well-formed, then returns
 * each testsuite's declared counts and each testcase's outcome.
 */
export function parseJunit(xml: string): {
  totals: Omit<ParsedTestsuite, "name">;
  suites: ParsedTestsuite[];
  testcases: ParsedTestcase[];
} {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => ["testsuite", "testcase", "property"].includes(name),
  }).parse(xml);
  const root = parsed.testsuites;
  const counts = (node: Record<string, string>) => ({
    tests: Number(node.tests),
    failures: Number(node.failures),
    errors: Number(node.errors),
    skipped: Number(node.skipped),
  });
  const suites: ParsedTestsuite[] = [];
  const testcases: ParsedTestcase[] = [];
  for (const suite of root.testsuite ?? []) {
    suites.push({ name: suite.name, ...counts(suite) });
    for (const tc of suite.testcase ?? []) {
      const outcome = "failure" in tc
        ? "failure"
        : "error" in tc
        ? "error"
        : "skipped" in tc
        ? "skipped"
        : "passed";
      const detail = outcome === "passed" || outcome === "skipped" ? undefined : tc[outcome];
      testcases.push({
        suite: suite.name,
        classname: tc.classname,
        name: tc.name,
        outcome,
        ...(detail === undefined ? {} : { message: detail.message, type: detail.type }),
      });
    }
  }
  return { totals: counts(root), suites, testcases };
}
