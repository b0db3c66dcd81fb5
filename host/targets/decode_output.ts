import { decodeUtf8 } from "../utf8.ts";

/**
 * A target's output bytes as text. Bytes that are not UTF-8 are replaced with U+FFFD (the
 * output is the system's answer, not an input to refuse), and the replacement is noted so the
 * case's result says its output is not what the system sent byte for byte.
 */
export function decodeOutput(
  bytes: Uint8Array,
  onNote: ((note: string) => void) | undefined,
): string {
  const decoded = decodeUtf8(bytes);
  if ("text" in decoded) return decoded.text;
  const byte = decoded.fault.byte.toString(16).padStart(2, "0");
  onNote?.(
    `the output was not UTF-8 (first bad byte 0x${byte} at offset ${decoded.fault.offset}); ` +
      "the bytes that were not are replaced with U+FFFD in the output recorded",
  );
  return new TextDecoder().decode(bytes);
}
