/**
 * Git, started so that nothing a repository's own configuration names is run: the tree under
 * test (a pull request, an agent that can edit `.git/config`) chooses that configuration, and a
 * program git starts runs with digline's full rights, outside every wall. Every git digline
 * starts goes through here (ADR 0082).
 *
 * Shut: the pager (`--no-pager`, `core.pager`), the fsmonitor hook, every hook (`core.hooksPath`
 * points at nothing), submodule summaries, and every clean, smudge and process filter the
 * configuration declares (each is set empty, which git reads as no filter). digline runs no
 * command that diffs, so external diff and textconv drivers are never asked for; committed files
 * are read with `cat-file blob`, which applies neither.
 */
const SHUT = [
  "--no-pager",
  "-c",
  "core.pager=cat",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "status.submoduleSummary=false",
];

/** What git answered: whether it succeeded, its stdout and stderr. */
export interface GitOutput {
  ok: boolean;
  out: string;
  err: string;
}

/**
 * Runs git with every repository-configured program shut. Throws only when git can not be
 * started at all (the caller says what that means for it).
 */
export async function safeGit(args: string[], options: { cwd?: string } = {}): Promise<GitOutput> {
  const filters = await filterOverrides(options.cwd);
  return await rawGit([...SHUT, ...args], options.cwd, filters);
}

async function rawGit(
  args: string[],
  cwd: string | undefined,
  config: [string, string][] = [],
): Promise<GitOutput> {
  // Passed as GIT_CONFIG_KEY_n/VALUE_n rather than `-c`: a driver's name may hold "=", which
  // `-c` would split at.
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(config.length) };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  const output = await new Deno.Command("git", {
    args,
    ...(cwd === undefined ? {} : { cwd }),
    ...(config.length === 0 ? {} : { env }),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    ok: output.success,
    out: decoder.decode(output.stdout),
    err: decoder.decode(output.stderr).trim(),
  };
}

const FILTER_KEY = /^filter\.(.+)\.(clean|smudge|process|required)$/;

/**
 * `-c` settings that empty every filter driver the repository's configuration (with its
 * includes) declares. Reading the configuration runs nothing; a driver only `.gitattributes`
 * names, with no command configured, runs nothing either.
 */
async function filterOverrides(cwd: string | undefined): Promise<[string, string][]> {
  const listed = await rawGit(
    [...SHUT, "config", "-z", "--name-only", "--get-regexp", "^filter\\."],
    cwd,
  );
  const drivers = new Set<string>();
  for (const name of listed.out.split("\0")) {
    const match = FILTER_KEY.exec(name);
    if (match !== null) drivers.add(match[1]);
  }
  return [...drivers].flatMap((driver): [string, string][] => [
    [`filter.${driver}.clean`, ""],
    [`filter.${driver}.smudge`, ""],
    [`filter.${driver}.process`, ""],
    [`filter.${driver}.required`, "false"],
  ]);
}
