import { join } from "node:path";
import { REPOSITORY_ROOT } from "../tools/task_flags.ts";

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/**
 * The modules an entry point loads before it runs (its static imports, followed to the end),
 * and every module it may load (dynamic imports included), as `deno info --json` reports them.
 */
export async function staticModules(entry: string): Promise<{ loaded: string[]; all: string[] }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--config", join(REPOSITORY_ROOT, "deno.json"), entry],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: InfoModule[];
    redirects: Record<string, string>;
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const loaded = new Set<string>();
  const pending = [...info.roots];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const specifier = info.redirects[next] ?? next;
    if (loaded.has(specifier)) continue;
    loaded.add(specifier);
    for (const dependency of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dependency.code !== undefined && dependency.isDynamic !== true) {
        pending.push(dependency.code.specifier);
      }
    }
  }
  const relative = (s: string) =>
    s.startsWith("file://") ? s.slice(`file://${REPOSITORY_ROOT}/`.length) : s;
  return {
    loaded: [...loaded].map(relative).sort(),
    all: info.modules.map((m) => relative(m.specifier)).sort(),
  };
}
