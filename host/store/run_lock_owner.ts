/** Who holds a suite's run lock: written into the lock file when it is taken. */
export interface LockOwner {
  pid: number;
  host: string;
  started_at: string;
}
