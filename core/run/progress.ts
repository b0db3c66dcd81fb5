/**
 * How far a run has got, reported after each case finishes: one shape from the driver through
 * the run command to the CLI's progress line and the MCP server's progress notifications.
 */
export interface RunProgress {
  /** Cases finished so far, reused (resumed) cases included. */
  done: number;
  total: number;
  /** Finished cases with at least one errored verdict, reused cases included. */
  errored: number;
  /** The case that just finished. */
  caseId: string;
}
