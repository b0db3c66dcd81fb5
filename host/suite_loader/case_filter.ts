import type { Case } from "../../core/suite/case.ts";

/**
 * The cases a loader holds whole (a shard's); every other case is read, refused as the whole
 * suite would refuse it, and kept only as a stand-in, which its cases file re-reads for the
 * suite's digest. A shard's memory then follows its own cases rather than the suite's.
 */
export interface CaseFilter {
  /** Whether the case with this id is held whole. */
  keep(caseId: string): boolean;
  /** What the whole suite's checks read of a case not kept, and nothing more. */
  standIn(testCase: Case): Case;
}

const NO_VARS: Case["vars"] = Object.freeze({});

/**
 * The filter that keeps the cases `keep` names. Stand-ins keep what buildSuite and promptGaps read
 * (id, kind, check, output), and the vars only when a prompt names them (`varsChecked`).
 */
export function caseFilter(
  keep: (caseId: string) => boolean,
  options: { varsChecked: boolean },
): CaseFilter {
  return {
    keep,
    standIn(testCase) {
      const { id, vars, kind, check, output } = testCase;
      return {
        id,
        vars: options.varsChecked ? vars : NO_VARS,
        kind,
        ...(check === undefined ? {} : { check }),
        ...(output === undefined ? {} : { output }),
      };
    },
  };
}

/** What a loader holds of a case it read: the case when `filter` keeps it, else its stand-in. */
export function holding(filter: CaseFilter | undefined): (testCase: Case) => Case {
  return (testCase) =>
    filter === undefined || filter.keep(testCase.id) ? testCase : filter.standIn(testCase);
}
