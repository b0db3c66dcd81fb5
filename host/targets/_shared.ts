import { TransportError } from "./target.ts";

/**
 * The error a target throws once its signal is aborted: the driver's own TransportError (for a
 * timeout) when it gave one, so the message names the real cause rather than "aborted".
 */
export function abortError(signal: AbortSignal): TransportError {
  const reason: unknown = signal.reason;
  if (reason instanceof TransportError) return reason;
  if (reason instanceof Error && reason.name !== "AbortError") {
    return new TransportError(reason.message, { cause: reason });
  }
  return new TransportError("the call was cancelled", { cause: reason });
}

/** A target's answer as text: strings as they are, anything else as JSON. */
export function outputText(value: unknown, who: string): string {
  if (typeof value === "string") return value;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new TransportError(
      `${who} returned a value that can not be written as JSON: ${errorMessage(e)}`,
      { cause: e },
    );
  }
  if (text === undefined) {
    throw new TransportError(`${who} returned ${String(value)} instead of a string`);
  }
  return text;
}

/** The message of anything thrown, for a sentence a user reads. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Cuts a line to at most `max` characters, marking the cut. */
export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
