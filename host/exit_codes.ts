/** The exit codes a front end produces beyond the gate's 0, 1 and 2. */
export const EXIT_REFUSED = 64;
/** A failure digline did not anticipate (BSD sysexits EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;
/** Interrupted by Ctrl-C, by the shell's convention. */
export const EXIT_INTERRUPTED = 130;

/** The line printed under the traceback of a failure nobody anticipated. */
export const INTERNAL_FAILURE_LINE =
  "digline: the failure above was not anticipated. It is not a verdict on the suite (exit 70).";
