import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { crc32, crc32Hex } from "../../../host/files/crc32.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("CRC-32 gives the published check value, fed whole or in pieces", () => {
  assertEquals(crc32Hex(crc32(bytes("123456789"))), "cbf43926");
  assertEquals(crc32(bytes("world"), crc32(bytes("hello "))), crc32(bytes("hello world")));
  assertEquals(crc32Hex(crc32(new Uint8Array(0))), "00000000");
});
