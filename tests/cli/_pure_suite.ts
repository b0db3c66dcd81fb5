import { ROOT } from "./_cli.ts";

/**
 * A code-form suite whose one pure custom check compares with `expected`, case-blind or not;
 * `wrong` lists the cases its target answers wrongly.
 */
export function pureSuite(options: { caseBlind: boolean; wrong?: number[] }): string {
  return `import { custom, defineSuite } from "${ROOT}/mod.ts";
export const suite = defineSuite({
  name: "pure",
  target: (vars) => ${
    JSON.stringify(options.wrong ?? [])
  }.includes(vars.n) ? "b" + vars.n : "a" + vars.n,
  assertions: [
    custom({
      name: "correct",
      params: { case_blind: ${options.caseBlind} },
      pure: true,
      check: ({ output, testCase }) => {
        const expected = String(testCase.expected);
        return ${options.caseBlind} ? output.toLowerCase() === expected : output === expected;
      },
    }),
  ],
  cases: [
    { id: "one", vars: { n: 1 }, expected: "a1" },
    { id: "two", vars: { n: 2 }, expected: "a2" },
    { id: "three", vars: { n: 3 }, expected: "a3" },
  ],
});
`;
}
