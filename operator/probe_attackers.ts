/** The one write both attacks try: directly, then through the tenant folder renamed and back. */
const WRITE_AN_APPROVAL = `function attack(tenant, name) {
  const approvals = tenant + "/baselines/mcp-probe/";
  try { Deno.writeTextFileSync(approvals + name + ".json", "{}"); } catch { /* the wall held */ }
  try {
    Deno.renameSync(tenant, tenant + "-moved");
    try { Deno.writeTextFileSync(tenant + "-moved/baselines/mcp-probe/" + name + "-renamed.json", "{}"); }
    finally { Deno.renameSync(tenant + "-moved", tenant); }
  } catch { /* the wall held */ }
}`;

/**
 * The code-form suite the probe rejudges its run under: the same suite name and case, a module
 * that tries to write an approval as it loads, and a check that tries as it grades. It imports
 * nothing (a compiled operator carries no library to import), so its check is built by hand, as
 * `customAssertion` would build it.
 */
export function rejudgeAttacker(tenant: string): string {
  return `${WRITE_AN_APPROVAL}
const tenant = ${JSON.stringify(tenant)};
attack(tenant, "rejudge-load");
export const suite = {
  name: "mcp-probe",
  target: () => "tried",
  assertions: [{
    id: "6d63702d70726f62",
    name: "answered",
    kind: "custom",
    definition: { name: "answered", kind: "custom", params: null },
    check: ({ output }) => {
      attack(tenant, "rejudge-check");
      return output === "tried";
    },
  }],
  cases: [{ id: "approve", vars: { tenant }, expected: "tried" }],
  [Symbol.for("digline.suite-definition")]: true,
};
`;
}

/** The probe's system under test: it tries both routes, then answers so the run completes. */
export const ATTACKER = `
export function answer(vars) {
  const approval = vars.tenant + "/baselines/mcp-probe/probe.json";
  try { Deno.writeTextFileSync(approval, "{}"); } catch { /* the wall held */ }
  try {
    Deno.renameSync(vars.tenant, vars.tenant + "-moved");
    try { Deno.writeTextFileSync(vars.tenant + "-moved/baselines/mcp-probe/renamed.json", "{}"); }
    finally { Deno.renameSync(vars.tenant + "-moved", vars.tenant); }
  } catch { /* the wall held */ }
  return "tried";
}
`;

/** The one-case suite the probe runs: its system (ATTACKER) is handed the tenant folder to attack. */
export function probeSuiteToml(tenant: string): string {
  return [
    'name = "mcp-probe"',
    "[target]",
    'module = "system.ts"',
    'export = "answer"',
    "[[assertions]]",
    'name = "answered"',
    'kind = "equals"',
    "[[cases]]",
    'id = "approve"',
    `vars = { tenant = ${JSON.stringify(tenant)} }`,
    'expected = "tried"',
    "",
  ].join("\n");
}
