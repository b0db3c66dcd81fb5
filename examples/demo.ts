/**
 * The demo: runs the sentiment suite against the AFINN engine, approves that run, swaps the
 * system for the VADER engine (a developer's change), runs again and asks the gate. It exits 0
 * when digline behaved as intended: compare exits 1 because dozens of cases that passed now
 * fail, even though overall accuracy rose.
 *
 * Run it with `deno task demo`. It works in `.demo/` and calls the real CLI with the permission
 * flags of the `digline` task in deno.json.
 *
 * @module
 */
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { taskFlags } from "../tools/task_flags.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const workspace = join(root, ".demo");
const example = join(root, "examples", "sentiment");
const color = Deno.stdout.isTerminal() && !Deno.noColor;
// CI passes `--cli dist/cli.js` to run the demo through the bundle instead.
const cliFlagIndex = Deno.args.indexOf("--cli");
const entry = cliFlagIndex >= 0
  ? join(Deno.cwd(), Deno.args[cliFlagIndex + 1])
  : join(root, "cli", "main.ts");
const bold = (s: string) => (color ? `\x1b[1m${s}\x1b[0m` : s);

interface CliResult {
  code: number;
  stdout: string;
}

async function digline(args: string[], options: { show?: boolean } = {}): Promise<CliResult> {
  console.log(`\n${bold(`$ digline ${args.map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(" ")}`)}`);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(root, "deno.json"),
      ...taskFlags("digline", "cli/main.ts"),
      entry,
      ...args,
    ],
    cwd: workspace,
    stdout: "piped",
    stderr: "inherit",
  });
  const out = await child.output();
  const stdout = new TextDecoder().decode(out.stdout);
  if (options.show !== false) Deno.stdout.writeSync(out.stdout);
  return { code: out.code, stdout };
}

/**
 * How the reader starts this Deno again: through npx when the demo runs on a copy npm installed
 * (the README's `npx -y deno@2.9.6 task demo`, where `deno` may be on no PATH), else `deno`.
 */
export function denoCommand(execPath: string): string {
  const fromNpm = /[\\/](?:node_modules|_npx)[\\/]/.test(execPath);
  return fromNpm ? `npx -y deno@${Deno.version.deno}` : "deno";
}

function useEngine(engine: "afinn" | "vader"): void {
  const target = relative(join(workspace, "sentiment"), join(example, "engines", `${engine}.ts`));
  Deno.writeTextFileSync(
    join(workspace, "sentiment", "system.ts"),
    `// The system under test. The demo rewrote this line to play a developer's change.\n` +
      `export { classify } from "${target.split("\\").join("/")}";\n`,
  );
}

function step(text: string): void {
  console.log(`\n${bold(`== ${text}`)}`);
}

async function demo(): Promise<string[]> {
  try {
    Deno.removeSync(workspace, { recursive: true });
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  Deno.mkdirSync(join(workspace, "sentiment"), { recursive: true });
  for (const file of ["suite.toml", "cases.tsv"]) {
    Deno.copyFileSync(join(example, file), join(workspace, "sentiment", file));
  }
  const problems: string[] = [];

  step(
    "1. The system under test is the AFINN word-list engine. Run the suite (2,000 real review sentences).",
  );
  useEngine("afinn");
  const first = await digline(["run", "sentiment/suite.toml", "--label", "AFINN"]);
  // run exits 2 when a check errored: the demo's word-list engines never error.
  if (first.code !== 0) problems.push(`the first run exited ${first.code}, not 0`);

  step("2. A person approves that run as the baseline.");
  const promoted = await digline([
    "promote",
    "latest",
    "--by",
    "demo",
    "--because",
    "first approved run: AFINN engine",
  ]);
  if (promoted.code !== 0) problems.push(`promote exited ${promoted.code}, not 0`);

  step("3. A developer swaps the engine for VADER, which scores better overall, and runs again.");
  useEngine("vader");
  const second = await digline(["run", "sentiment/suite.toml", "--label", "VADER"]);
  if (second.code !== 0) problems.push(`the second run exited ${second.code}, not 0`);

  step("4. The gate: is the new run worse than what was approved?");
  const gate = await digline(["compare"]);
  const json = await digline(["compare", "--json"], { show: false });
  const document = JSON.parse(json.stdout);
  const regressions = document.causes_by_kind.regression?.count ?? 0;
  const accuracy = document.figures.find((f: { name: string }) => f.name === "accuracy");
  // The document is long (every fact, every figure): show the fields the demo reads of it.
  const excerpt = {
    verdict: document.verdict,
    causes_by_kind: { regression: { count: regressions } },
    figures: [{ name: "accuracy", baseline: accuracy?.baseline, candidate: accuracy?.candidate }],
  };
  console.log(
    `${JSON.stringify(excerpt)}\n(an excerpt of its ${json.stdout.length} bytes: ` +
      "the fields the demo reads)",
  );

  step("5. The facts behind the verdict (the first lines of digline explain).");
  const explain = await digline(["explain"], { show: false });
  console.log(explain.stdout.split("\n").slice(0, 12).join("\n") + "\n  ...");

  console.log(`\n${bold("What happened")}`);
  console.log(
    `  accuracy went from ${accuracy?.baseline?.toFixed(4)} to ${
      accuracy?.candidate?.toFixed(4)
    }, ` +
      `yet ${regressions} cases that passed under the approved baseline now fail.`,
  );
  console.log(
    `  compare exited ${gate.code}: ${
      gate.code === 1 ? "worse than the approved baseline, because" : "unexpected:"
    } ` +
      `a higher average does not excuse the cases it broke. A person decides whether to approve the new run.`,
  );

  if (gate.code !== 1) problems.push(`compare exited ${gate.code}, not 1`);
  if (explain.code !== gate.code) {
    problems.push(`explain exited ${explain.code}, compare ${gate.code}`);
  }
  if (!(regressions >= 24)) problems.push(`only ${regressions} regressions, expected dozens`);
  if (!(accuracy && accuracy.candidate > accuracy.baseline)) problems.push("accuracy did not rise");
  return problems;
}

if (import.meta.main) {
  const problems = await demo();
  if (problems.length > 0) {
    console.error(`\ndemo: digline did not behave as intended: ${problems.join("; ")}`);
    Deno.exit(1);
  }
  const store = `${relative(Deno.cwd(), workspace) || "."}/.digline`;
  const deno = denoCommand(Deno.execPath());
  console.log(
    `\ndemo: everything behaved as intended. Explore its store with: ${deno} task digline view --store ${store}\n` +
      `or in your browser: ${deno} task digline serve --store ${store}  (then open http://127.0.0.1:8470/)`,
  );
}
