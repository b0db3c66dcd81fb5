import { join } from "node:path";
import type { z } from "zod";
import {
  type BaselineDocument,
  BaselineDocumentSchema,
  type RunDocument,
  RunDocumentSchema,
} from "../core/run_document.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import { readNamedFile } from "./read_named_file.ts";
import {
  AmbiguousRunError,
  NoBaselineError,
  RunNotFoundError,
  StoreDocumentError,
} from "./refusals.ts";

/** Where a store lives and whose part of it is read. */
export interface StoreLocation {
  /** The store directory, `.digline` by default. */
  root: string;
  tenant: string;
}

/**
 * The run store: `<root>/<tenant>/runs/<run_id>.json` and
 * `<root>/<tenant>/baselines/<suite>/<promotion>.json`. Documents are validated on every read.
 */
export class RunStore {
  readonly root: string;
  readonly tenant: string;
  readonly #cache = new Map<string, RunDocument>();

  constructor(location: StoreLocation) {
    this.root = location.root;
    this.tenant = location.tenant;
  }

  get tenantDir(): string {
    return join(this.root, this.tenant);
  }

  get runsDir(): string {
    return join(this.tenantDir, "runs");
  }

  /** Stores a run document atomically. */
  async writeRun(run: RunDocument): Promise<string> {
    const path = join(this.runsDir, `${run.run_id}.json`);
    await writeFileAtomic(path, JSON.stringify(RunDocumentSchema.parse(run), null, 1) + "\n");
    this.#cache.set(run.run_id, run);
    return path;
  }

  /** Every stored run id, oldest first. */
  async runIds(): Promise<string[]> {
    const ids: string[] = [];
    try {
      for await (const entry of Deno.readDir(this.runsDir)) {
        if (entry.isFile && entry.name.endsWith(".json") && !entry.name.startsWith(".")) {
          ids.push(entry.name.slice(0, -".json".length));
        }
      }
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return [];
      throw error;
    }
    return ids.sort();
  }

  /** Reads and validates one run. */
  async readRun(runId: string): Promise<RunDocument> {
    const cached = this.#cache.get(runId);
    if (cached !== undefined) return cached;
    const path = join(this.runsDir, `${runId}.json`);
    const run = await readDocument(path, RunDocumentSchema);
    this.#cache.set(runId, run);
    return run;
  }

  /** Every run, oldest first; optionally only one suite's. */
  async runs(options: { suite?: string } = {}): Promise<RunDocument[]> {
    const runs: RunDocument[] = [];
    for (const id of await this.runIds()) {
      const run = await this.readRun(id);
      if (options.suite === undefined || run.suite.name === options.suite) runs.push(run);
    }
    return runs;
  }

  /** The names of the suites that have runs in this tenant. */
  async suites(): Promise<string[]> {
    return [...new Set((await this.runs()).map((r) => r.suite.name))].sort();
  }

  /**
   * Finds a run by id, unique id prefix, or `latest` (the newest run, of `suite` when given).
   */
  async resolveRun(ref: string, options: { suite?: string } = {}): Promise<RunDocument> {
    const ids = await this.runIds();
    if (ref === "latest") {
      const runs = await this.runs(options);
      const newest = runs.at(-1);
      if (newest === undefined) {
        throw new RunNotFoundError(ref, {
          store: this.tenantDir,
          suite: options.suite,
        });
      }
      return newest;
    }
    if (ids.includes(ref)) return await this.readRun(ref);
    const matches = ids.filter((id) => id.startsWith(ref));
    if (matches.length === 1) return await this.readRun(matches[0]);
    if (matches.length > 1) throw new AmbiguousRunError(ref, matches);
    throw new RunNotFoundError(ref, { store: this.tenantDir, suite: options.suite });
  }

  /** Records an approval. */
  async writeBaseline(baseline: BaselineDocument): Promise<string> {
    const stamp = baseline.promoted_at.replace(/[:.]/g, "-");
    const path = join(this.baselinesDir(baseline.suite), `${stamp}-${baseline.run_id}.json`);
    await writeFileAtomic(
      path,
      JSON.stringify(BaselineDocumentSchema.parse(baseline), null, 1) + "\n",
    );
    return path;
  }

  /** Every approval of a suite, oldest first. */
  async baselineHistory(suite: string): Promise<BaselineDocument[]> {
    const dir = this.baselinesDir(suite);
    const names: string[] = [];
    try {
      for await (const entry of Deno.readDir(dir)) {
        if (entry.isFile && entry.name.endsWith(".json") && !entry.name.startsWith(".")) {
          names.push(entry.name);
        }
      }
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return [];
      throw error;
    }
    const docs: BaselineDocument[] = [];
    for (const name of names.sort()) {
      docs.push(await readDocument(join(dir, name), BaselineDocumentSchema));
    }
    return docs;
  }

  /** The suite's current approval; refuses when there is none. */
  async currentBaseline(suite: string): Promise<BaselineDocument> {
    const latest = (await this.baselineHistory(suite)).at(-1);
    if (latest === undefined) throw new NoBaselineError(suite, { tenant: this.tenant });
    return latest;
  }

  baselinesDir(suite: string): string {
    return join(this.tenantDir, "baselines", suite);
  }
}

async function readDocument<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  const text = await readNamedFile(path, { display: path, what: "stored document" });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StoreDocumentError(path, `it is not JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoreDocumentError(
      path,
      `${issue.path.length > 0 ? issue.path.join(".") : "the document"}: ${issue.message}`,
    );
  }
  return parsed.data;
}
