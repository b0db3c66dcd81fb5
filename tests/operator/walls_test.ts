import { deepStrictEqual as assertEquals, match, notStrictEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { taskFlags } from "../../tools/task_flags.ts";
import { ROOT } from "../cli/_cli.ts";
import { LIBC, PROGRAMS } from "../fixtures/operator/attack/attacks.ts";

/** The operator task's own flags, as deno.json documents them. */
const DOCUMENTED: string[] = taskFlags("operator", "operator/main.ts");
const FIXTURE = join(ROOT, "tests", "fixtures", "operator");

interface Launch {
  flags: string[];
  env?: Record<string, string>;
}

async function deno(cwd: string, launch: Launch, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", join(ROOT, "deno.json"), ...launch.flags, ...args],
    cwd,
    env: launch.env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}

async function operator(cwd: string, launch: Launch, args: string[]) {
  return await deno(cwd, launch, [join(ROOT, "operator/main.ts"), ...args]);
}

interface WallResult {
  wall: string;
  outcome: string;
  detail: string;
}

/** Every wall one probe under `launch` reports, by name. */
async function probeWalls(cwd: string, launch: Launch): Promise<Map<string, WallResult>> {
  const out = await operator(cwd, launch, ["probe", "--json"]);
  let results: WallResult[];
  try {
    results = JSON.parse(out.stdout);
  } catch {
    throw new Error(`probe printed no JSON (exit ${out.code}): ${out.stderr}`);
  }
  return new Map(results.map((r) => [r.wall, r]));
}

/** The walls `operator probe --wall` reports under `launch`, in the order it printed them. */
async function probeOnly(cwd: string, launch: Launch, walls: string[]): Promise<WallResult[]> {
  const out = await operator(cwd, launch, [
    "probe",
    "--json",
    ...walls.flatMap((w) => ["--wall", w]),
  ]);
  try {
    return JSON.parse(out.stdout);
  } catch {
    throw new Error(`probe printed no JSON (exit ${out.code}): ${out.stderr}`);
  }
}

/** One wall, probed alone: it reads as the full probe reads it (the test below holds that). */
async function probe(cwd: string, launch: Launch, wall = "policy-write"): Promise<WallResult> {
  const results = await probeOnly(cwd, launch, [wall]);
  assertEquals(results.map((r) => r.wall), [wall]);
  return results[0];
}

async function bypass(cwd: string, launch: Launch, method: string[]): Promise<string> {
  return (await deno(cwd, launch, [join(FIXTURE, "bypass.ts"), ...method])).stdout.trim();
}

/** A workspace whose system under test attacks the operator that runs it (see attack/). */
async function workspace(options: { command?: boolean } = {}): Promise<string> {
  const cwd = join(await Deno.makeTempDir({ prefix: "digline-walls-" }), "ops");
  await Deno.mkdir(cwd);
  for (const file of ["operator.toml", "system.ts", "attacks.ts"]) {
    await Deno.copyFile(join(FIXTURE, "attack", file), join(cwd, file));
  }
  const suite = options.command ? "command_suite.toml" : "suite.toml";
  await Deno.copyFile(join(FIXTURE, "attack", suite), join(cwd, "suite.toml"));
  await Deno.writeTextFile(join(cwd, "attack.json"), JSON.stringify({ attempts: [] }));
  return cwd;
}

/** Runs one cycle whose system tries `attempts` from inside the operator; what each got. */
async function attackFromInside(
  cwd: string,
  launch: Launch,
  attempts: [string, string?][],
): Promise<string[]> {
  await Deno.writeTextFile(join(cwd, "attack.json"), JSON.stringify({ attempts }));
  const out = await operator(cwd, launch, ["cycle", "--json"]);
  ok(out.code === 0 || out.code === 1, `cycle exited ${out.code}: ${out.stderr}`);
  // The system can write nothing, so what each attempt got is its answer, in the cycle's run.
  const runs = join(cwd, ".digline", "default", "runs", "attack");
  const newest = [...Deno.readDirSync(runs)].map((e) => e.name).filter((n) => n.endsWith(".json"))
    .sort().at(-1)!;
  const run = JSON.parse(await Deno.readTextFile(join(runs, newest)));
  const results = JSON.parse(run.cases[0].output) as { result: string }[];
  return results.map((r) => r.result);
}

/** This process's uid, asked of `id` (the tests run without --allow-sys). */
async function uid(): Promise<number> {
  const out = await new Deno.Command("id", { args: ["-u"], stdout: "piped" }).output();
  return Number(new TextDecoder().decode(out.stdout).trim());
}

/** The documented launch with write access everywhere instead of only the store. */
const WIDE_WRITE = DOCUMENTED.map((f) => f === "--allow-write=.digline" ? "--allow-write" : f);

const policy = (cwd: string) => Deno.readTextFile(join(cwd, "operator.toml"));

Deno.test("under the documented launch every bypass is refused, and as root the probe says inconclusive, never enforced", async () => {
  const cwd = await workspace();
  const before = await policy(cwd);
  for (const method of [["direct"], ["rename-folder"], ["subprocess", "sh"], ["ffi"]]) {
    match(await bypass(cwd, { flags: DOCUMENTED }, method), /^refused/, method.join(" "));
  }
  assertEquals(await policy(cwd), before);
  // One probe reports every wall: its policy-write and its mcp-promote are of the same launch.
  const walls = await probeWalls(cwd, { flags: DOCUMENTED });
  const result = walls.get("policy-write")!;
  notStrictEqual(result.outcome, "unenforced", result.detail);
  const mcp = walls.get("mcp-promote")!;
  assertEquals(mcp.outcome, "intact", mcp.detail);
  match(mcp.detail, /a run whose system wrote an approval directly and by renaming/);
  match(mcp.detail, /a rejudge whose suite tried both as it loaded and as it graded/);
  const left = [...Deno.readDirSync(join(cwd, ".digline", "default", "operator"))];
  assertEquals(
    left.filter((e) => e.name.startsWith(".mcp-probe")),
    [],
    "the scratch store is gone",
  );
  // As root (these tests usually are) the OS lets it write anything: Deno's flags are the only
  // wall, and the probe says so. core/operator/policy_wall_test.ts holds the other answers.
  if (await uid() === 0) {
    assertEquals(result.outcome, "inconclusive", result.detail);
    match(result.detail, /^Deno flags only: .*runs as root/);
  }
});

Deno.test("without --allow-sys=uid,gid or the runtime variables' grant, the probe can not say enforced", async () => {
  const cwd = await workspace();
  const flags = [
    "--no-prompt",
    "--allow-read",
    "--allow-write=.digline",
    "--deny-write=operator.toml",
  ];
  const result = await probe(cwd, { flags });
  assertEquals(result.outcome, "inconclusive", result.detail);
  match(result.detail, /add --allow-env=DENO_AUDIT_PERMISSIONS/);
});

Deno.test("write access to a folder above operator.toml is a bypass, and the probe says unenforced", async () => {
  const cwd = await workspace();
  const wide = { flags: WIDE_WRITE };
  match(await bypass(cwd, wide, ["direct"]), /^refused/, "the file's own deny holds");
  assertEquals(await bypass(cwd, wide, ["rename-folder"]), "wrote", "renaming the folder");
  const result = await probe(cwd, wide);
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /is writable, and renaming it routes around/);
});

Deno.test("a scoped --allow-run for any program writes operator.toml, and the operator revokes it before its system runs", async () => {
  const cwd = await workspace();
  const before = await policy(cwd);
  const wide = { flags: [...DOCUMENTED, `--allow-run=${PROGRAMS.join(",")}`] };
  // The grant is a real route in a process that keeps it...
  for (const program of ["python3", "cp"]) {
    assertEquals(await bypass(cwd, wide, ["subprocess", program]), "wrote", program);
    await Deno.writeTextFile(join(cwd, "operator.toml"), before);
  }
  // ...and none of the programs gets through from inside the operator, which gave it up.
  const results = await attackFromInside(
    cwd,
    wide,
    PROGRAMS.map((p) => ["subprocess", p] as [string, string]),
  );
  for (const [i, program] of PROGRAMS.entries()) match(results[i], /^refused/, program);
  assertEquals(await policy(cwd), before);
  const result = await probe(cwd, wide);
  notStrictEqual(result.outcome, "unenforced", result.detail);
});

Deno.test("a scoped --allow-ffi writes operator.toml through native code, and the operator revokes it", async () => {
  const cwd = await workspace();
  const before = await policy(cwd);
  const wide = { flags: [...DOCUMENTED, `--allow-ffi=${LIBC}`] };
  assertEquals(await bypass(cwd, wide, ["ffi"]), "wrote", "the grant is a route");
  await Deno.writeTextFile(join(cwd, "operator.toml"), before);
  const [result] = await attackFromInside(cwd, wide, [["ffi"]]);
  match(result, /^refused/);
  assertEquals(await policy(cwd), before);
});

Deno.test("with a command target the operator keeps run, and the probe always says unenforced", async () => {
  const cwd = await workspace({ command: true });
  const result = await probe(cwd, { flags: [...DOCUMENTED, "--allow-run=echo"] });
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /command target runs echo/);
});

Deno.test("a symbolic or hard link to operator.toml is a bypass, and the probe says unenforced", async () => {
  for (const kind of ["symlink", "hardlink"] as const) {
    const cwd = await workspace();
    const real = join(cwd, ".digline", "operator.toml");
    await Deno.mkdir(join(cwd, ".digline"), { recursive: true });
    await Deno.rename(join(cwd, "operator.toml"), real);
    if (kind === "symlink") await Deno.symlink(real, join(cwd, "operator.toml"));
    else await Deno.link(real, join(cwd, "operator.toml"));
    assertEquals(await bypass(cwd, { flags: DOCUMENTED }, ["link-target", real]), "wrote", kind);
    const result = await probe(cwd, { flags: DOCUMENTED });
    assertEquals(result.outcome, "unenforced", kind);
    ok(/symbolic link|hard links/.test(result.detail), result.detail);
  }
});

Deno.test("a link planted in the store: the probe says unenforced, the cycle refuses, and operator.toml is untouched", async () => {
  const cwd = await workspace();
  const before = await policy(cwd);
  const decisions = join(cwd, ".digline", "default", "decisions");
  await Deno.mkdir(decisions, { recursive: true });
  // The journal the cycle appends to, planted as a link to the policy.
  await Deno.symlink(join(cwd, "operator.toml"), join(decisions, "attack.jsonl"));
  assertEquals(
    await bypass(cwd, { flags: DOCUMENTED }, ["link-target", join(decisions, "attack.jsonl")]),
    "wrote",
    "Deno lets a write through a link under the write root",
  );
  await Deno.writeTextFile(join(cwd, "operator.toml"), before);
  const result = await probe(cwd, { flags: DOCUMENTED });
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /in the store is a symbolic link/);
  const out = await operator(cwd, { flags: DOCUMENTED }, ["cycle"]);
  assertEquals(out.code, 64, out.stderr);
  match(out.stderr, /Refusing to run a cycle: .*attack\.jsonl in the store is a symbolic link/);
  assertEquals(await policy(cwd), before);
});

Deno.test("a store that is itself a link to the policy's folder: unenforced, and the cycle refuses", async () => {
  const cwd = await workspace();
  await Deno.symlink(cwd, join(cwd, ".digline"));
  const result = await probe(cwd, { flags: DOCUMENTED });
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /is itself a symbolic link/);
  const out = await operator(cwd, { flags: DOCUMENTED }, ["cycle"]);
  assertEquals(out.code, 64, out.stderr);
});

Deno.test("a write grant on an alias of the policy's folder is a bypass, and the probe says unenforced", async () => {
  const cwd = await workspace();
  const alias = `${cwd}-alias`;
  await Deno.symlink(cwd, alias);
  const before = await policy(cwd);
  match(
    await bypass(cwd, { flags: DOCUMENTED }, ["link-target", join(alias, "operator.toml")]),
    /^refused/,
    "the documented launch grants no alias",
  );
  const wide = {
    flags: DOCUMENTED.map((f) => f === "--allow-write=.digline" ? `${f},${alias}` : f),
  };
  assertEquals(await bypass(cwd, wide, ["link-target", join(alias, "operator.toml")]), "wrote");
  await Deno.writeTextFile(join(cwd, "operator.toml"), before);
  const result = await probe(cwd, wide);
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /a write grant covers .*-alias, an alias of/);
});

Deno.test("DENO_AUDIT_PERMISSIONS makes the runtime write operator.toml, and the probe says unenforced", async () => {
  const cwd = await workspace();
  const before = await policy(cwd);
  const intoPolicy = { flags: DOCUMENTED, env: { DENO_AUDIT_PERMISSIONS: "operator.toml" } };
  await operator(cwd, intoPolicy, ["probe", "--wall", "policy-write"]);
  notStrictEqual(await policy(cwd), before, "the runtime wrote the file despite --deny-write");
  await Deno.writeTextFile(join(cwd, "operator.toml"), before);
  const audited = { flags: DOCUMENTED, env: { DENO_AUDIT_PERMISSIONS: join(cwd, "audit.jsonl") } };
  const result = await probe(cwd, audited);
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /DENO_AUDIT_PERMISSIONS is set/);
  for (const name of ["DENO_COVERAGE_DIR", "DENO_WEBGPU_TRACE"]) {
    const other = await probe(cwd, { flags: DOCUMENTED, env: { [name]: join(cwd, "x") } });
    assertEquals(other.outcome, "unenforced", name);
  }
});

Deno.test("with write access everywhere the probe reads unenforced, and operator.toml is put back", async () => {
  const cwd = await workspace();
  const before = await policy(cwd);
  const result = await probe(cwd, { flags: ["--no-prompt", "--allow-read", "--allow-write"] });
  assertEquals(result.outcome, "unenforced");
  match(result.detail, /operator\.toml itself is writable/);
  assertEquals(await policy(cwd), before);
});

Deno.test("a change to any key of operator.toml between cycles is reported against the previous journal line", async () => {
  const cwd = await workspace();
  const digestWall = async () => {
    const out = await operator(cwd, { flags: DOCUMENTED }, ["cycle", "--json"]);
    const { cycle } = JSON.parse(out.stdout);
    return cycle.probe.find((r: { wall: string }) => r.wall === "policy-digest");
  };
  assertEquals((await digestWall()).outcome, "matches");
  assertEquals((await digestWall()).outcome, "matches", "nothing changed");
  const text = await policy(cwd);
  await Deno.writeTextFile(join(cwd, "operator.toml"), text.replace("budget = 10", "budget = 11"));
  const moved = await digestWall();
  assertEquals(moved.outcome, "moved");
  match(moved.detail, /changed since the previous cycle: journal line 2 was ruled by/);
  assertEquals((await digestWall()).outcome, "matches", "the next cycle compares with this one");
});

Deno.test("a wall asked alone with --wall reads as in the full probe, even where the full probe's MCP wall made the store it looks at", async () => {
  const cwd = await workspace();
  // A store not made yet, under a linked folder: the full probe's MCP wall makes it (its scratch
  // store is inside), and then the policy wall finds the link above it.
  const elsewhere = join(cwd, "..", "elsewhere");
  await Deno.mkdir(elsewhere);
  await Deno.symlink(elsewhere, join(cwd, "stores"));
  await Deno.writeTextFile(
    join(cwd, "operator.toml"),
    `store = "stores/.digline"\n${await policy(cwd)}`,
  );
  const launch = {
    flags: DOCUMENTED.map((f) =>
      f === "--allow-write=.digline" ? "--allow-write=stores/.digline" : f
    ),
  };
  const asked = ["policy-write", "policy-digest", "approval-digest"];
  // Alone first, while the store is still unmade: the full probe would make it.
  const alone = await probeOnly(cwd, launch, asked);
  const full = await probeWalls(cwd, launch);
  assertEquals(full.get("policy-write")!.outcome, "unenforced", full.get("policy-write")!.detail);
  match(full.get("policy-write")!.detail, /lies under a symbolic link/);
  assertEquals(alone, asked.map((wall) => full.get(wall)!));
});

Deno.test("a digest wall asked alone first tries the write its full probe tries before it", async () => {
  const cwd = await workspace();
  /** What the runtime saw the probe ask permission for, without the scratch files' random names. */
  const asked = async (walls: string[]) => {
    const audit = join(cwd, `audit-${walls.join("+")}.jsonl`);
    await probeOnly(cwd, { flags: DOCUMENTED, env: { DENO_AUDIT_PERMISSIONS: audit } }, walls);
    const lines = (await Deno.readTextFile(audit)).trim().split("\n").map((l) => JSON.parse(l));
    return new Set(
      lines.map((l) =>
        `${l.permission} ${
          String(l.value).replace(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, "UUID")
        }`
      ),
    );
  };
  const writes = await asked(["policy-write", "approval-write"]);
  const digests = await asked(["policy-digest", "approval-digest"]);
  const missing = [...writes].filter((w) => !digests.has(w));
  assertEquals(missing, [], "the digests alone skipped part of the writes' work");
  ok([...digests].some((d) => d.startsWith("write ") && d.endsWith(join(cwd, "operator.toml"))));
});
