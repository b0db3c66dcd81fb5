/** Where a byte sequence stops being UTF-8: the byte offset, and the line and column it falls on. */
export interface Utf8Fault {
  /** 0-based offset of the first byte that is not part of a valid UTF-8 sequence. */
  offset: number;
  /** The byte itself. */
  byte: number;
  /** 1-based line and column (in characters) of that byte. */
  line: number;
  column: number;
}

const strict = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder("utf-8");

/**
 * Decodes UTF-8 strictly. Returns the text, or where it stops being UTF-8: a replacement
 * character in place of the user's bytes would change their data without a word.
 */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { fault: Utf8Fault } {
  // The strict decoder costs ten to forty times the lenient one (200 ms for a 9 MB run
  // document). Both give the same text for valid UTF-8, and the lenient one leaves U+FFFD
  // wherever bytes were not, so text without U+FFFD is what strict decoding would return.
  const text = lenient.decode(bytes);
  if (!text.includes("\uFFFD")) return { text };
  try {
    return { text: strict.decode(bytes) };
  } catch {
    const offset = firstInvalidOffset(bytes);
    const before = new TextDecoder().decode(bytes.subarray(0, offset));
    const lines = before.split("\n");
    return {
      fault: {
        offset,
        byte: bytes[offset],
        line: lines.length,
        column: [...lines[lines.length - 1]].length + 1,
      },
    };
  }
}

/** The offset of the first byte that does not begin or continue a valid UTF-8 sequence. */
export function firstInvalidOffset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const width = sequenceWidth(bytes, i);
    if (width === 0) return i;
    i += width;
  }
  return bytes.length;
}

/** How many bytes, from `from` (a sequence's start) on, are not part of a valid UTF-8 sequence. */
export function invalidByteCount(bytes: Uint8Array, from = 0): number {
  let count = 0;
  let i = from;
  while (i < bytes.length) {
    const width = sequenceWidth(bytes, i);
    if (width === 0) {
      count++;
      i++;
    } else i += width;
  }
  return count;
}

// The well-formed byte sequences of the Unicode standard (table 3-7): no overlong forms, no
// surrogates, nothing past U+10FFFF.
function sequenceWidth(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i];
  if (b0 < 0x80) return 1;
  const inRange = (at: number, low = 0x80, high = 0xbf) =>
    at < bytes.length && bytes[at] >= low && bytes[at] <= high;
  if (b0 >= 0xc2 && b0 <= 0xdf) return inRange(i + 1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const low = b0 === 0xe0 ? 0xa0 : 0x80;
    const high = b0 === 0xed ? 0x9f : 0xbf;
    return inRange(i + 1, low, high) && inRange(i + 2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const low = b0 === 0xf0 ? 0x90 : 0x80;
    const high = b0 === 0xf4 ? 0x8f : 0xbf;
    return inRange(i + 1, low, high) && inRange(i + 2) && inRange(i + 3) ? 4 : 0;
  }
  return 0;
}

/**
 * A target's output bytes (or a model's response body) as text. Bytes that are not UTF-8 are replaced with U+FFFD (the
 * output is the system's answer, not an input to refuse), and the replacement is noted, with how
 * many bytes it replaced, so the case's result and its verdicts say the output is not what the
 * system sent byte for byte.
 */
export function decodeOutput(
  bytes: Uint8Array,
  onNote: ((note: string) => void) | undefined,
  options: { what: string } = { what: "the output" },
): string {
  const decoded = decodeUtf8(bytes);
  if ("text" in decoded) return decoded.text;
  const byte = decoded.fault.byte.toString(16).padStart(2, "0");
  const replaced = invalidByteCount(bytes, decoded.fault.offset);
  const counted = replaced === 1 ? "1 byte" : `${replaced} bytes`;
  onNote?.(
    `${options.what} was not UTF-8 (first bad byte 0x${byte} at offset ${decoded.fault.offset}); ` +
      `${counted} of ${bytes.length} that were not are replaced with U+FFFD in the output recorded`,
  );
  return new TextDecoder().decode(bytes);
}
