import { ROOT } from "./_cli.ts";

/**
 * Where a change to what the check `correct` decides is written, none of it in the check's own
 * text: a module-level constant it closes over, a helper beside it in the suite module, or a
 * local module two imports away (which the check's text does not name).
 */
export type Loosening = "constant" | "helper" | "imported";

/** Every route a loosening can take. */
export const LOOSENINGS: readonly Loosening[] = ["constant", "helper", "imported"];

/**
 * The files of a code-form suite whose one custom check compares each output with `expected`
 * through a helper in the same module. The system lives in `system.js`, a `module` target the
 * suite does not import, so a change to it is not a change to the suite's module. `loosened`
 * turns the comparison case-blind by one route; `shouted` and `wrong` list the cases the system
 * answers in capitals ("A2") or wrongly ("b2").
 */
export function helpedSuite(options: {
  pure: boolean;
  loosened?: Loosening;
  shouted?: number[];
  wrong?: number[];
}): Record<string, string> {
  const { loosened } = options;
  return {
    "suite.ts": `import { custom, defineSuite } from "${ROOT}/mod.ts";
import { fold } from "./lib/fold.js";

const IGNORE_CASE = ${loosened === "constant"};

function same(a, b) {
  ${
      loosened === "helper"
        ? "return a.toLowerCase() === b.toLowerCase();"
        : "return IGNORE_CASE ? a.toLowerCase() === b.toLowerCase() : fold(a) === fold(b);"
    }
}

export const suite = defineSuite({
  name: "helped",
  target: { module: "system.js", export: "answer" },
  assertions: [
    custom({
      name: "correct",
      ${options.pure ? "pure: true," : ""}
      check: ({ output, testCase }) => same(output, String(testCase.expected)),
    }),
  ],
  aggregates: [{ name: "accuracy", kind: "accuracy", over: "correct" }],
  cases: [
    { id: "one", vars: { n: 1 }, expected: "a1" },
    { id: "two", vars: { n: 2 }, expected: "a2" },
    { id: "three", vars: { n: 3 }, expected: "a3" },
  ],
});
`,
    "lib/fold.js": 'import { lower } from "./lower.js";\nexport const fold = (s) => lower(s);\n',
    "lib/lower.js": `export const lower = (s) => ${
      loosened === "imported" ? "s.toLowerCase()" : "s"
    };\n`,
    "system.js": helpedSystem(options),
  };
}

/** The system of helpedSuite: "a<n>", in capitals for `shouted`, "b<n>" for `wrong`. */
export function helpedSystem(options: { shouted?: number[]; wrong?: number[] }): string {
  return `export function answer(vars) {
  if (${JSON.stringify(options.wrong ?? [])}.includes(vars.n)) return "b" + vars.n;
  return ${JSON.stringify(options.shouted ?? [])}.includes(vars.n) ? "A" + vars.n : "a" + vars.n;
}
`;
}
