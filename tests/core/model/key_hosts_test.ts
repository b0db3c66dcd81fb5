import assert from "node:assert/strict";
import {
  grantsWith,
  type KeyHostGrants,
  parseKeyHostGrants,
  ungrantedKeyHost,
} from "../../../core/model/key_hosts.ts";

function grants(text: string): KeyHostGrants {
  const parsed = parseKeyHostGrants(text);
  if ("problem" in parsed) throw new Error(parsed.problem);
  return parsed.grants;
}

const OWN = "https://api.openai.com/v1";

function allowed(text: string, url: string, ownUrl?: string): boolean {
  return ungrantedKeyHost({ variable: "K", url, ownUrl }, grants(text)) === undefined;
}

Deno.test("a grant reads as variables, each with hosts and ports, spaces and empty parts aside", () => {
  const read = grants(
    " K = gateway.example:8443 , 127.0.0.1:18431 ;; OTHER=[::1]:8080;K=Host.Example",
  );
  assert.deepEqual(read.get("K"), [
    { hostname: "gateway.example", port: 8443 },
    { hostname: "127.0.0.1", port: 18431 },
    { hostname: "host.example" },
  ]);
  assert.deepEqual(read.get("OTHER"), [{ hostname: "[::1]", port: 8080 }]);
  assert.equal(grants("").size, 0);
});

Deno.test("a grant that is not VAR=HOST[:PORT] is a problem, never half read", () => {
  for (
    const text of [
      "K",
      "=host",
      "K=http://host",
      "K=host/v1",
      "K=user@host",
      "K=host:0",
      "K=host:70000",
      "K=host:",
      "K=",
      'K=ho"st',
      "K=host;1X=other",
    ]
  ) {
    assert.ok("problem" in parseKeyHostGrants(text), text);
  }
});

Deno.test("the provider's own origin needs no grant; its host on another scheme or port does", () => {
  assert.ok(allowed("", "https://api.openai.com/v1", OWN));
  assert.ok(allowed("", "https://API.openai.com:443/other", OWN));
  assert.ok(!allowed("", "http://api.openai.com/v1", OWN));
  assert.ok(!allowed("", "https://api.openai.com:8443/v1", OWN));
  assert.ok(!allowed("", "https://api.openai.com/v1"));
});

Deno.test("a grant matches on host and port; without a port, on the URL scheme's default port", () => {
  assert.ok(allowed("K=127.0.0.1:18431", "http://127.0.0.1:18431/v1"));
  assert.ok(allowed("K=127.1:18431", "http://127.0.0.1:18431/v1"));
  assert.ok(!allowed("K=127.0.0.1", "http://127.0.0.1:18431/v1"));
  assert.ok(!allowed("K=localhost:18431", "http://127.0.0.1:18431/v1"));
  assert.ok(allowed("K=gateway.example", "https://gateway.example/v1"));
  assert.ok(allowed("K=gateway.example", "http://gateway.example/v1"));
  assert.ok(!allowed("K=gateway.example", "https://gateway.example:8443/v1"));
  assert.ok(allowed("K=gateway.example:80", "http://gateway.example/v1"));
  assert.ok(!allowed("OTHER=127.0.0.1:18431", "http://127.0.0.1:18431/v1"));
  assert.ok(!allowed("K=evil.example.", "https://evil.example/v1"));
});

Deno.test("the grant a refusal offers is the launch's own with the one host added", () => {
  const missing = ungrantedKeyHost(
    { variable: "K", url: "http://evil.example/v1" },
    grants("A=x:1"),
  );
  assert.deepEqual(missing, { host: "evil.example:80", grant: "K=evil.example:80" });
  assert.equal(
    grantsWith(grants("A=x:1;K=y"), { ...missing!, variable: "K" }),
    "A=x:1;K=y,evil.example:80",
  );
  assert.ok(
    allowed(grantsWith(grants(""), { ...missing!, variable: "K" }), "http://evil.example/v1"),
  );
});
