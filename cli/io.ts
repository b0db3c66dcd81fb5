import { scrub } from "../host/process/secrets.ts";

/** Where a command writes, and what kind of place that is. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress and colour go only there). */
  errIsTerminal: boolean;
  /** Colour is allowed: a terminal, and NO_COLOR is not set. */
  color: boolean;
}

const encoder = new TextEncoder();

/** The process's real standard streams. */
export function processIo(): Io {
  const errIsTerminal = Deno.stderr.isTerminal();
  return {
    // Every line the CLI prints passes the one scrub, whatever produced it.
    out: (text) => writeAll(Deno.stdout, scrub(text)),
    err: (text) => writeAll(Deno.stderr, scrub(text)),
    errIsTerminal,
    color: Deno.stdout.isTerminal() && !Deno.noColor,
  };
}

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = encoder.encode(text);
  let written = 0;
  try {
    while (written < bytes.length) written += stream.writeSync(bytes.subarray(written));
  } catch (error) {
    // A reader that stopped early (`digline explain | head`) is not a failure of the command:
    // the rest of the text has nowhere to go, and the exit code still says what it says.
    if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
  }
}
