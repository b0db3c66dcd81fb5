/** The host's clock: the one place that reads the time. */
export interface Clock {
  /** Wall-clock time, for timestamps and run ids. */
  now(): Date;
  /** Monotonic milliseconds, for latencies. */
  monotonic(): number;
}

/** The system clock. */
export const systemClock: Clock = {
  now: () => new Date(),
  monotonic: () => performance.now(),
};

/** A run id: UTC time to the millisecond then 6 random hex digits, so ids sort by start. */
export function newRunId(at: Date): string {
  const iso = at.toISOString(); // 2026-11-30T01:18:03.123Z
  const stamp = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${
    iso.slice(14, 16)
  }${iso.slice(17, 19)}-${iso.slice(20, 23)}`;
  const random = crypto.getRandomValues(new Uint8Array(3));
  return `${stamp}-${[...random].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
