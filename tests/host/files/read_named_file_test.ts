import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { readNamedFile, readWholeFile } from "../../../host/files/read_named_file.ts";
import { FileAccessError, NotUtf8Error } from "../../../host/process/refusals.ts";

const NAMED = { display: "suite.toml", what: "suite" };

async function withFile(bytes: Uint8Array, body: (path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "digline-read-named-" });
  try {
    const path = join(dir, "file");
    await Deno.writeFile(path, bytes);
    await body(path);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const encode = (text: string) => new TextEncoder().encode(text);

Deno.test("readNamedFile returns a file's text whole, at every size around the buffer's edges", async () => {
  // Sizes at and beside the powers of two the buffer grows by, and one larger than a megabyte.
  for (const size of [0, 1, 2, 65535, 65536, 65537, 131072, 1_500_001]) {
    const text = "é€𝄞abc\n".repeat(Math.ceil(size / 12)).slice(0, size);
    await withFile(encode(text), async (path) => {
      assertEquals(await readNamedFile(path, NAMED), text, `size ${size}`);
    });
  }
});

Deno.test("readNamedFile drops a byte-order mark, and only the first", async () => {
  await withFile(encode("\uFEFFname = 'a'\uFEFF"), async (path) => {
    assertEquals(await readNamedFile(path, NAMED), "name = 'a'\uFEFF");
  });
});

Deno.test("readNamedFile refuses bytes that are not UTF-8, naming the offset, line and column", async () => {
  await withFile(new Uint8Array([0x61, 0x0a, 0xc3, 0xa9, 0xff, 0x62]), async (path) => {
    const error = await readNamedFile(path, NAMED).then(() => null, (e) => e);
    ok(error instanceof NotUtf8Error, String(error));
    assertEquals([error.offset, error.line, error.column], [4, 2, 2]);
    ok(error.message.startsWith("suite.toml:2:2: byte 4 (0xff) is not UTF-8"), error.message);
  });
});

Deno.test("readNamedFile refuses a sequence cut by the end of the file", async () => {
  await withFile(new Uint8Array([0x61, 0xe2, 0x82]), async (path) => {
    const error = await readNamedFile(path, NAMED).then(() => null, (e) => e);
    ok(error instanceof NotUtf8Error, String(error));
    assertEquals(error.offset, 1);
  });
});

Deno.test("readNamedFile refuses a missing file and a directory by name, as a rejected promise", async () => {
  const dir = await Deno.makeTempDir({ prefix: "digline-read-named-" });
  try {
    const missing = readNamedFile(join(dir, "absent.toml"), NAMED);
    await rejects(missing, (e) => e instanceof FileAccessError && /file not found/.test(e.message));
    await rejects(
      readNamedFile(dir, NAMED),
      (e) => e instanceof FileAccessError && e.message.includes('"suite.toml"'),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readWholeFile reads a pipe, whose stated size is 0, to its end", async () => {
  const dir = await Deno.makeTempDir({ prefix: "digline-read-named-" });
  try {
    const fifo = join(dir, "pipe");
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    ok(made.success);
    const sent = encode("x".repeat(200_000));
    // The size is only a hint: the buffer grows past it until the end of file.
    // The writer blocks until the reader opens the pipe, so it runs in a process of its own.
    const writer = new Deno.Command("sh", {
      args: ["-c", `head -c ${sent.length} /dev/zero | tr '\\0' x > "${fifo}"`],
    }).spawn();
    const read = readWholeFile(fifo);
    await writer.status;
    assertEquals(read, sent);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
