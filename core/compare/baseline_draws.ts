/** One case's draws for one figure across the baseline runs that counted it. */
export interface BaselineDraws {
  values: readonly number[];
  /** How many baseline runs counted the case. */
  runs: number;
}
