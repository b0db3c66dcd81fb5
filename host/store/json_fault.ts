/**
 * Why a text is not JSON, on one line: V8's message quotes the text it read, line breaks and all,
 * and a refusal is one line (a file of prose printed a second line of itself).
 */
export function jsonFault(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\r?\n|\r/g, "\\n");
}
