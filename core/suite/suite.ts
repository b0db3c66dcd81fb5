import type { AggregateSpec } from "./aggregate_spec.ts";
import type { Assertion } from "./assertions/assertion.ts";
import type { Case } from "./case.ts";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { canonicalJson, shortDigest } from "../digest.ts";
import { SuiteShapeError } from "../errors.ts";
import type { GateSettings, RunGate } from "./gate_settings.ts";
import { DEFAULT_GATE_SETTINGS, primaryAggregate } from "./gate_defaults.ts";
import type { ReportSettings } from "./report_settings.ts";
import { canonicalRedaction } from "./redaction.ts";
import { suiteNameProblem } from "./suite_name.ts";
import type { RunSettings, TargetSpec } from "./target_spec.ts";

/** A suite ready to run: both forms end here. */
export interface Suite {
  readonly name: string;
  readonly description?: string;
  readonly target: TargetSpec;
  readonly settings: RunSettings;
  readonly assertions: readonly Assertion[];
  readonly aggregates: readonly AggregateSpec[];
  readonly cases: readonly Case[];
  /** How comparisons decide: `[gate]` with defaults filled in, and the primary figure. */
  readonly gate: RunGate;
  /** How its reports are shared: `[report]` with its defaults filled in. */
  readonly report: ReportSettings;
  /** sha256 (16 hex) over the canonical cases, sorted by id. */
  readonly cases_digest: string;
  /** sha256 (16 hex) over the canonical assertion definitions and aggregate declarations. */
  readonly config_hash: string;
}

/** The parts a suite is assembled from, whichever form it was written in. */
export interface SuiteParts {
  name: string;
  description?: string;
  target: TargetSpec;
  settings: RunSettings;
  assertions: readonly Assertion[];
  aggregates: readonly AggregateSpec[];
  cases: readonly Case[];
  /** The `[gate]` table; the defaults when absent. */
  gate?: GateSettings;
  /** The `[report]` table; nothing redacted when absent. */
  report?: ReportSettings;
}

/** How buildSuite digests the cases, when the parts do not hold them all as they are. */
export interface BuildSuiteOptions {
  /**
   * The cases digest of the whole suite, asked once the parts pass their checks: a loader that
   * hands buildSuite stand-ins for the cases it will not keep (a shard's) digests the real ones.
   */
  casesDigest?: () => string;
}

/**
 * Checks a suite's parts against each other (unique ids and names, references that resolve) and
 * computes its digests. Throws SuiteShapeError with the key path of the first problem.
 */
export function buildSuite(parts: SuiteParts, options: BuildSuiteOptions = {}): Suite {
  const nameProblem = suiteNameProblem(parts.name);
  if (nameProblem !== undefined) throw new SuiteShapeError(nameProblem, ["name"]);
  const byName = new Map<string, Assertion>();
  const byId = new Map<string, Assertion>();
  parts.assertions.forEach((a, i) => {
    if (byName.has(a.name)) {
      throw new SuiteShapeError(`assertion name "${a.name}" is declared twice`, [
        "assertions",
        i,
        "name",
      ]);
    }
    const twin = byId.get(a.id);
    if (twin !== undefined) {
      throw new SuiteShapeError(
        `assertion "${a.name}" has the same definition as "${twin.name}"`,
        ["assertions", i],
      );
    }
    byName.set(a.name, a);
    byId.set(a.id, a);
  });
  const figureNames = new Set<string>();
  const primaries = parts.aggregates.flatMap((g, i) => (g.primary === true ? [i] : []));
  if (primaries.length > 1) {
    throw new SuiteShapeError(
      "only one aggregate can be primary: one figure gates, the others are reported",
      ["aggregates", primaries[1], "primary"],
    );
  }
  parts.aggregates.forEach((g, i) => {
    if (!byName.has(g.over)) {
      throw new SuiteShapeError(
        `aggregate "${g.name}" is over "${g.over}", which is not a declared assertion`,
        ["aggregates", i, "over"],
      );
    }
    if (figureNames.has(g.name)) {
      throw new SuiteShapeError(`aggregate name "${g.name}" is declared twice`, [
        "aggregates",
        i,
        "name",
      ]);
    }
    figureNames.add(g.name);
  });
  const ids = new Set<string>();
  parts.cases.forEach((c, i) => {
    if (ids.has(c.id)) {
      throw new SuiteShapeError(`case id "${c.id}" is declared twice`, ["cases", i, "id"]);
    }
    ids.add(c.id);
    if (c.kind === "calibration" && c.check !== undefined && !byName.has(c.check)) {
      throw new SuiteShapeError(
        `calibration case "${c.id}" names check "${c.check}", which is not a declared assertion`,
        ["cases", i, "check"],
      );
    }
  });
  if (parts.cases.length === 0) {
    throw new SuiteShapeError("the suite declares no cases", ["cases"]);
  }
  if (parts.assertions.length === 0) {
    throw new SuiteShapeError("the suite declares no assertions", ["assertions"]);
  }
  const gate = {
    ...(parts.gate ?? DEFAULT_GATE_SETTINGS),
    primary: primaryAggregate(parts.aggregates),
  };
  return {
    ...parts,
    gate,
    report: { redact: canonicalRedaction(parts.report?.redact ?? []) },
    cases_digest: options.casesDigest?.() ?? casesDigest(parts.cases),
    config_hash: configHash(parts, gate),
  };
}

/**
 * The digest of what decides a verdict: the checks, the aggregates and the gate. The gate enters
 * only when it differs from the one a suite without `[gate]` and `primary` gets, so writing a
 * default out (or marking the first accuracy primary) does not move the hash.
 */
function configHash(parts: SuiteParts, gate: RunGate): string {
  const aggregates = parts.aggregates.map(({ primary: _primary, ...rest }) => rest);
  const usual = { ...DEFAULT_GATE_SETTINGS, primary: primaryAggregate(aggregates) };
  return shortDigest({
    assertions: parts.assertions.map((a) => ({ id: a.id, definition: a.definition })),
    aggregates,
    ...(canonicalJson(gate) === canonicalJson(usual) ? {} : { gate }),
  });
}

/**
 * The digest of a suite's cases, independent of their order in the file: the short digest of
 * the sorted array as JSON would carry it.
 */
export function casesDigest(cases: readonly Case[]): string {
  return casesDigestFrom(cases.map((c) => c.id), (index) => cases[index]);
}

/**
 * casesDigest of the suite whose case `index` has id `ids[index]` and is `caseAt(index)`, asked
 * once per case in id order: a loader that holds only some cases re-reads the others here, so the
 * digest of the whole suite never needs every case held at once. Hashed a case at a time, to the
 * same digest, so a large suite is never copied whole, nor printed as one string, to be hashed.
 */
export function casesDigestFrom(ids: readonly string[], caseAt: (index: number) => Case): string {
  const order = ids.map((_, index) => index);
  order.sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : a - b));
  const hash = sha256.create();
  const encoder = new TextEncoder();
  // A canonical array is its elements' canonical texts between brackets, joined by commas.
  // They are hashed in pieces of about 64 K characters: one encode and one update a piece
  // rather than a case keeps the hash on its whole-block path, and the bytes are the same.
  let piece = "[";
  order.forEach((caseIndex, index) => {
    const text = canonicalJson(JSON.parse(JSON.stringify(caseAt(caseIndex))));
    piece += index === 0 ? text : `,${text}`;
    if (piece.length >= 65536) {
      hash.update(encoder.encode(piece));
      piece = "";
    }
  });
  hash.update(encoder.encode(piece + "]"));
  return bytesToHex(hash.digest()).slice(0, 16);
}
