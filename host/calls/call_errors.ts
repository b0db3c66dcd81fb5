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
  // fetch says only "fetch failed"; what failed (refused, DNS, TLS) is in its cause chain.
  const said: string[] = [];
  let at: unknown = error;
  for (let depth = 0; at !== undefined && at !== null && depth < 5; depth++) {
    const text = at instanceof Error ? at.message || at.name : String(at);
    const code = (at as { code?: unknown }).code;
    const line = typeof code === "string" && !text.includes(code) ? `${text} (${code})` : text;
    if (!said.some((s) => s.includes(line))) said.push(line.replace(/^Error: /, ""));
    at = at instanceof Error ? at.cause : undefined;
  }
  return said.join(": ");
}

/**
 * Why a fetch failed, for a sentence that already names the URL: fetch's own "fetch failed" and
 * Deno's "error sending request for url (URL)" say nothing the sentence does not, and only
 * pushed what failed (a refused connection, DNS, TLS) further from its start.
 */
export function fetchFailure(error: unknown): string {
  const said = errorMessage(error)
    .replace(/^fetch failed(: |$)/, "")
    .replace(/(^|: )error sending request for url \([^)]*\)(: |$)/, "$1");
  return said === "" ? errorMessage(error) : said;
}

/** Cuts a line to at most `max` characters, marking the cut. */
export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
