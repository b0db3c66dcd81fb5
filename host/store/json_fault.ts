/**
 * Why a text is not JSON, on one line: V8's message quotes the text it read, line breaks and all,
 * and a refusal is one line (a file of prose printed a second line of itself).
 */
export function jsonFault(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\r?\n|\r/g, "\\n");
}

/**
 * Why a store document is not JSON, saying where and never what: V8 quotes the start of the
 * text for an unexpected token, and the text may not be digline's (a damaged or planted file).
 */
export function jsonFaultPlace(error: unknown): string {
  const message = jsonFault(error);
  if (message.startsWith("Unexpected token")) return "an unexpected character";
  // V8's other messages name a place ("at position 7 (line 1 column 8)"), never the text.
  const quoted = message.indexOf(', "');
  return quoted === -1 ? message : message.slice(0, quoted);
}
