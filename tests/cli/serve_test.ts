import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { cli } from "./_cli.ts";
import { builtOnce } from "../support/built_once_workspace.ts";
import {
  MARKED_OUTPUT,
  snapshot,
  viewerWorkspace as buildViewerWorkspace,
} from "./_viewer_store.ts";
import { startServe } from "./_serve.ts";

/** The viewer's store, built once for the file; each test serves or writes its own copy. */
const viewerWorkspace = builtOnce(buildViewerWorkspace);

/** A GET sent as raw bytes, so no client normalises the path or fixes the Host header first. */
async function rawGet(
  port: number,
  path: string,
  options: { host?: string } = {},
): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const host = options.host ?? `127.0.0.1:${port}`;
  await conn.write(
    new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
  );
  let answer = "";
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(65_536);
  for (;;) {
    const n = await conn.read(buffer);
    if (n === null) break;
    answer += decoder.decode(buffer.subarray(0, n), { stream: true });
  }
  conn.close();
  return answer;
}

Deno.test("serve listens on the loopback, answers GET with the site's pages and changes nothing", async () => {
  const cwd = await viewerWorkspace();
  const before = await snapshot(join(cwd, ".digline"));
  const server = await startServe(cwd);
  try {
    ok(server.url.startsWith("http://127.0.0.1:"), server.url);
    const index = await fetch(server.url);
    assertEquals(index.status, 200);
    const html = await index.text();
    ok(html.includes("Suites") && html.includes(`href="suite/small.html"`), html.slice(0, 400));
    ok(html.includes("Content-Security-Policy"));
    for (const path of ["suite/small.html", "journal.html", "comparison/small.html"]) {
      const page = await fetch(new URL(path, server.url));
      assertEquals(page.status, 200, path);
      await page.body?.cancel();
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const answer = await fetch(server.url, {
        method,
        body: method === "DELETE" ? undefined : "x",
      });
      assertEquals(answer.status, 405, method);
      assertEquals(answer.headers.get("allow"), "GET, HEAD");
      await answer.body?.cancel();
    }
  } finally {
    await server.stop();
  }
  assertEquals(
    await snapshot(join(cwd, ".digline")),
    before,
    "the store is byte for byte the same",
  );
});

Deno.test("serve refuses every path outside the site's pages, traversal included", async () => {
  const cwd = await viewerWorkspace();
  await Deno.writeTextFile(join(cwd, "secret.txt"), "not for the site");
  const server = await startServe(cwd);
  try {
    const port = new URL(server.url).port;
    for (
      const path of [
        "/../secret.txt",
        "/run/..%2F..%2Fsecret.txt.html",
        "/suite/%2e%2e.html",
        "/suite/..%2f..%2fsecret.html",
        "/secret.txt",
        "/.digline/default/baselines",
        "/run/20990101-000000-000-000000.html",
        "/suite/nosuch.html",
      ]
    ) {
      const answer = await rawGet(Number(port), path);
      ok(/^HTTP\/1\.1 (404|400)/.test(answer), `${path}: ${answer.split("\r\n")[0]}`);
      ok(!answer.includes("not for the site"), path);
    }
    const rebound = await rawGet(Number(port), "/", { host: "attacker.example" });
    ok(
      rebound.startsWith("HTTP/1.1 421"),
      `a request addressed to another host: ${rebound.split("\r\n")[0]}`,
    );
  } finally {
    await server.stop();
  }
});

Deno.test("serve binds another address only when --host names it, and says so on stderr", async () => {
  const cwd = await viewerWorkspace();
  const loopback = await startServe(cwd);
  await loopback.stop();
  ok(!loopback.stderr.includes("not the loopback"), loopback.stderr);
  const wide = await startServe(cwd, { args: ["--host", "0.0.0.0"] });
  try {
    ok(wide.stderr.includes("listening on 0.0.0.0, not the loopback"), wide.stderr);
  } finally {
    await wide.stop();
  }
  const refused = await cli(["serve", "--port", "http"], { cwd });
  assertEquals(refused.code, 64);
  ok(refused.stderr.includes("--port"), refused.stderr);
});

Deno.test("serve on another address still refuses a request addressed to a host name it does not serve (DNS rebinding); --allow-host-name adds the names to answer", async () => {
  const cwd = await viewerWorkspace();
  const wide = await startServe(cwd, {
    args: ["--host", "0.0.0.0", "--allow-host-name", "viewer.lan"],
  });
  try {
    const port = Number(new URL(wide.url).port);
    for (
      const host of ["attacker.example", `attacker.example:${port}`, "viewer.lan.attacker.example"]
    ) {
      const rebound = await rawGet(port, "/", { host });
      ok(rebound.startsWith("HTTP/1.1 421"), `${host}: ${rebound.split("\r\n")[0]}`);
    }
    for (const host of [`viewer.lan:${port}`, `VIEWER.LAN:${port}`, `127.0.0.1:${port}`]) {
      const answered = await rawGet(port, "/", { host });
      ok(answered.startsWith("HTTP/1.1 200"), `${host}: ${answered.split("\r\n")[0]}`);
    }
  } finally {
    await wide.stop();
  }
  const bare = await startServe(cwd, { args: ["--host", "0.0.0.0"] });
  try {
    const port = Number(new URL(bare.url).port);
    const rebound = await rawGet(port, "/", { host: "attacker.example" });
    ok(rebound.startsWith("HTTP/1.1 421"), `without a name granted: ${rebound.split("\r\n")[0]}`);
  } finally {
    await bare.stop();
  }
  const refused = await cli(["serve", "--allow-host-name", "bad name/"], { cwd });
  assertEquals(refused.code, 64, refused.stderr);
  ok(refused.stderr.includes("--allow-host-name"), refused.stderr);
});

Deno.test("site writes every linked page as files, with no network reference, and --redact hides payloads", async () => {
  const cwd = await viewerWorkspace();
  const written = await cli(["site", "--out", ".digline/site", "--json"], { cwd });
  assertEquals(written.code, 0, written.stderr);
  const document = JSON.parse(written.stdout);
  assertEquals(document.kind, "site");
  ok(document.pages.includes("index.html") && document.pages.includes("journal.html"));
  assertEquals(document.pages.filter((p: string) => p.startsWith("run/")).length, 3);
  const out = join(cwd, ".digline", "site");
  let sawMarked = false;
  for (const page of document.pages as string[]) {
    const html = await Deno.readTextFile(join(out, page));
    sawMarked ||= html.includes(MARKED_OUTPUT);
    ok(!/(src|href)="(https?:)?\/\//.test(html), `${page} references the network`);
    for (const [, href] of html.matchAll(/href="([^"#]+)"/g)) {
      const target = normalize(join(out, dirname(page), href));
      ok(existsSync(target), `${page} links to ${href}, which the folder does not hold`);
    }
  }
  ok(sawMarked, "the unredacted site shows outputs");

  const redacted = await cli(["site", "--out", ".digline/redacted", "--redact", "outputs"], {
    cwd,
  });
  assertEquals(redacted.code, 0, redacted.stderr);
  for (const page of document.pages as string[]) {
    const html = await Deno.readTextFile(join(cwd, ".digline", "redacted", page));
    ok(!html.includes(MARKED_OUTPUT), `${page} shows a redacted output`);
  }
});

Deno.test("site outside .digline is refused in one line naming the folder and what works for the installed command", async () => {
  const cwd = await viewerWorkspace();
  const refused = await cli(["site", "--out", "public"], { cwd });
  assertEquals(refused.code, 64);
  assertEquals(refused.stderr.trim().split("\n").length, 1, refused.stderr);
  ok(refused.stderr.includes('may not write to "public" (--out)'), refused.stderr);
  ok(
    refused.stderr.includes("write the site under .digline/ (--out .digline/site)"),
    refused.stderr,
  );
  ok(!refused.stderr.includes("add --allow-write"), refused.stderr);
});

Deno.test("serve shows a run stored after it started", async () => {
  const cwd = await viewerWorkspace();
  const server = await startServe(cwd);
  const runRows = (html: string) => [...html.matchAll(/<tr><td><a href="\.\.\/run\//g)].length;
  try {
    assertEquals(runRows(await (await fetch(new URL("suite/small.html", server.url))).text()), 3);
    assertEquals((await cli(["run", "suite.toml"], { cwd })).code, 0);
    assertEquals(runRows(await (await fetch(new URL("suite/small.html", server.url))).text()), 4);
  } finally {
    await server.stop();
  }
});
