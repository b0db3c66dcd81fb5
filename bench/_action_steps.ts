/**
 * The steps of digline's composite actions (action.yml, and the one `digline init` writes), read
 * from their text so that the install bench (bench/ci_install.ts) and the tests (tests/ci/) run
 * each step's script as the action holds it.
 *
 * @module
 */

/** One step of a composite action: its `env:` and its `run:` script, as written. */
export interface ActionStep {
  env: Record<string, string>;
  run: string;
}

/**
 * The step called `name` in an action's text. Reads the plain shape digline's actions are
 * written in (`env:` of `KEY: value` lines, `run: |` or a one-line `run:`), not YAML at large.
 */
export function actionStep(text: string, name: string): ActionStep {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === `- name: ${name}`);
  if (start < 0) throw new Error(`the action has no step named "${name}"`);
  const indent = lines[start].indexOf("-");
  const env: Record<string, string> = {};
  let run = "";
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i];
    const own = line.search(/\S/);
    if (own >= 0 && own <= indent) break;
    const key = line.trim();
    if (key === "env:") {
      for (i++; i < lines.length && lines[i].search(/\S/) > own; i++) {
        const pair = lines[i].trim().match(/^([A-Z_]+): (.*)$/);
        if (pair !== null) env[pair[1]] = pair[2];
      }
      i--;
    } else if (key === "run: |") {
      const body: string[] = [];
      for (i++; i < lines.length && (lines[i].trim() === "" || lines[i].search(/\S/) > own); i++) {
        body.push(lines[i].slice(own + 2));
      }
      i--;
      run = body.join("\n");
    } else if (key.startsWith("run: ")) {
      run = key.slice("run: ".length);
    }
  }
  if (run === "") throw new Error(`the step "${name}" runs nothing`);
  return { env, run };
}

/** `${{ name }}` in `text` replaced from `context`; a name the context lacks is an error. */
export function expand(text: string, context: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in context)) throw new Error(`the bench has no value for \${{ ${name} }}`);
    return context[name];
  });
}
