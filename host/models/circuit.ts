import { TransportError } from "../calls/target.ts";

/** The endpoint failed for too long: it is not called again in this run. */
export class CircuitOpenError extends TransportError {}

/** When a circuit opens: failures in a row, and how long a transient run of them must last. */
export interface CircuitRule {
  /** Failures in a row, at least, before the circuit opens. */
  failures: number;
  /**
   * How long, in milliseconds, failures in a row that may pass (a 5xx, a refused connection, a
   * timeout) must have gone on before the circuit opens: a server that is starting or loading a
   * model answers 503 for a while, and a handful of quick ones is not an outage.
   */
  windowMs: number;
}

/**
 * Stops calling a model endpoint that is down. Every failure that says the endpoint is down (a
 * refused connection, a timeout, a 5xx, a 401) counts; an answer resets the count; a 429 does
 * neither (the endpoint is up and asking us to slow down). The circuit opens for the rest of the
 * run once `failures` have come in a row and, unless the last one can not pass by itself (a 401,
 * 403 or 404, a redirect), they have gone on for `windowMs` since the first of them. Every later
 * call then fails at once, naming why, so the remaining cases get errored verdicts quickly
 * instead of waiting on timeouts.
 */
export class Circuit {
  #rule: CircuitRule;
  readonly #label: string;
  readonly #now: () => number;
  #failures = 0;
  #since = 0;
  #openedBecause: string | undefined;

  constructor(rule: CircuitRule, options: { label: string; now: () => number }) {
    this.#rule = { ...rule };
    this.#label = options.label;
    this.#now = options.now;
  }

  /** The rule in force (the strictest any user of the endpoint asked for). */
  get rule(): CircuitRule {
    return { ...this.#rule };
  }

  /** Takes the stricter rule when another user of the same endpoint asked for one. */
  tighten(rule: CircuitRule): void {
    this.#rule = {
      failures: Math.min(this.#rule.failures, rule.failures),
      windowMs: Math.min(this.#rule.windowMs, rule.windowMs),
    };
  }

  /** Whether the circuit has opened. */
  get isOpen(): boolean {
    return this.#openedBecause !== undefined;
  }

  /** Throws CircuitOpenError once the circuit is open; the call must not be made. */
  check(): void {
    if (this.#openedBecause === undefined) return;
    const { failures, windowMs } = this.#rule;
    throw new CircuitOpenError(
      `not called: ${this.#label} failed ${failures} times in a row${
        windowMs > 0 ? ` over ${seconds(windowMs)} or more` : ""
      }, so digline stopped calling it for this run (last failure: ${this.#openedBecause})`,
      { retryable: false, skipped: true },
    );
  }

  /** The endpoint answered. */
  success(): void {
    if (this.#openedBecause === undefined) this.#failures = 0;
  }

  /**
   * The endpoint failed in a way that says it is down; `lasting` when trying again can not cure
   * it (a key, a model name or an address that is wrong), so the count alone opens the circuit.
   */
  failure(reason: string, options: { lasting?: boolean } = {}): void {
    if (this.#openedBecause !== undefined) return;
    const now = this.#now();
    if (this.#failures === 0) this.#since = now;
    this.#failures++;
    if (this.#failures < this.#rule.failures) return;
    if (options.lasting === true || now - this.#since >= this.#rule.windowMs) {
      this.#openedBecause = reason;
    }
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
