import { TransportError } from "../targets/target.ts";

/** The endpoint failed too often in a row: it is not called again in this run. */
export class CircuitOpenError extends TransportError {}

/**
 * Stops calling a model endpoint that is down. Every failure that says the endpoint is down (a
 * refused connection, a timeout, a 5xx, a 401) counts; an answer resets the count; a 429 does
 * neither (the endpoint is up and asking us to slow down). After `threshold` failures in a
 * row the circuit opens for the rest of the run, and every later call fails at once, naming
 * why, so the remaining cases get errored verdicts quickly instead of waiting on timeouts.
 */
export class Circuit {
  #threshold: number;
  readonly #label: string;
  #failures = 0;
  #openedBecause: string | undefined;

  constructor(threshold: number, options: { label: string }) {
    this.#threshold = threshold;
    this.#label = options.label;
  }

  /** The count of consecutive failures that opens the circuit (the lowest any user asked). */
  get threshold(): number {
    return this.#threshold;
  }

  /** Lowers the threshold when another user of the same endpoint asked for a lower one. */
  tighten(threshold: number): void {
    this.#threshold = Math.min(this.#threshold, threshold);
  }

  /** Whether the circuit has opened. */
  get isOpen(): boolean {
    return this.#openedBecause !== undefined;
  }

  /** Throws CircuitOpenError once the circuit is open; the call must not be made. */
  check(): void {
    if (this.#openedBecause === undefined) return;
    throw new CircuitOpenError(
      `not called: ${this.#label} failed ${this.#threshold} times in a row, so digline stopped ` +
        `calling it for this run (last failure: ${this.#openedBecause})`,
      { retryable: false, skipped: true },
    );
  }

  /** The endpoint answered. */
  success(): void {
    if (this.#openedBecause === undefined) this.#failures = 0;
  }

  /** The endpoint failed in a way that says it is down. */
  failure(reason: string): void {
    if (this.#openedBecause !== undefined) return;
    this.#failures++;
    if (this.#failures >= this.#threshold) this.#openedBecause = reason;
  }
}
