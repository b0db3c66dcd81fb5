const MOD = new URL("../../mod.ts", import.meta.url).href;

/**
 * A suite module (`small`, one `equals` check) whose one case, `deep`, has vars nested `depth`
 * objects deep (`{ a: { a: ... } }`): built at its top level, as no file could write it.
 */
export function deepVarsSuiteModule(depth: number): string {
  return `import { defineSuite, equals } from "${MOD}";
let vars: Record<string, unknown> = {};
for (let i = 0; i < ${depth}; i++) vars = { a: vars };
export const suite = defineSuite({
  name: "small",
  target: () => "x",
  assertions: [equals({ name: "same" })],
  cases: [{ id: "deep", vars }],
});
`;
}
