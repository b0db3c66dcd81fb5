import { scrub } from "../process/secrets.ts";
import { PRINT_LIMIT, type Printed } from "./lockdown.ts";

/** Whether a Worker's message carries what its code printed (ADR 0111). */
export function isPrinted(message: unknown): message is Printed {
  return typeof message === "object" && message !== null &&
    (message as { kind?: unknown }).kind === "printed" &&
    typeof (message as { text?: unknown }).text === "string";
}

/**
 * Where what one Worker's code printed goes: digline's stderr, each line after `[who] `, never
 * stdout, which is the `--json` document's and, under `digline mcp`, the protocol's. The
 * Worker keeps the first PRINT_LIMIT characters; this side holds to the same bound, since code
 * in the Worker may post such messages itself. Code that read a key can print it, so each line
 * passes the scrub whole: a line is held until it ends (or grows past LINE_HOLD, or waits
 * HOLD_MS), so a key printed a character at a time meets the scrub in one piece.
 */
export function printedTo(who: string): (text: string) => void {
  let left = PRINT_LIMIT + 256;
  let held = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const encoder = new TextEncoder();
  const write = (line: string) => {
    try {
      Deno.stderr.writeSync(encoder.encode(`[${who}] ${scrub(line)}`));
    } catch {
      // stderr closed: what the code printed is nobody's business then.
    }
  };
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held !== "") write(`${held}\n`);
    held = "";
  };
  return (text) => {
    if (left <= 0) return;
    const kept = text.slice(0, left);
    left -= kept.length;
    held += kept;
    let end = held.indexOf("\n");
    while (end >= 0) {
      write(held.slice(0, end + 1));
      held = held.slice(end + 1);
      end = held.indexOf("\n");
    }
    if (held.length > LINE_HOLD || left <= 0) return flush();
    if (held !== "" && timer === undefined) {
      timer = setTimeout(flush, HOLD_MS);
    }
  };
}

/** The longest part of a line held back for the rest of it. */
const LINE_HOLD = 4096;
/** How long part of a line waits for the rest of it. */
const HOLD_MS = 50;
