/**
 * CRC-32 (the IEEE polynomial of zip and PNG), fed a piece at a time. The run index records it
 * to tell a document changed since it was stored: damage (a torn copy, an editor, a bad disk),
 * not an adversary, who could rewrite the index as easily. A cryptographic hash in JavaScript
 * cost a large run's store phase about ten times as much.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous;
  for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** A CRC-32 as the index writes it: eight lowercase hex digits. */
export function crc32Hex(crc: number): string {
  return crc.toString(16).padStart(8, "0");
}

const TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();
