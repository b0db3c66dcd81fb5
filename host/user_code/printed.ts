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
 * in the Worker may post such messages itself.
 */
export function printedTo(who: string): (text: string) => void {
  let left = PRINT_LIMIT + 256;
  let open = false;
  const encoder = new TextEncoder();
  return (text) => {
    if (left <= 0) return;
    const kept = text.slice(0, left);
    left -= kept.length;
    let out = "";
    for (const char of kept) {
      if (!open) out += `[${who}] `;
      out += char;
      open = char !== "\n";
    }
    if (left <= 0 && open) out += "\n";
    try {
      Deno.stderr.writeSync(encoder.encode(out));
    } catch {
      // stderr closed: what the code printed is nobody's business then.
    }
  };
}
