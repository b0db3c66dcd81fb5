import { deepStrictEqual as assertEquals, match } from "node:assert/strict";
import {
  judgePolicyWall,
  type OsFacts,
  writableByIdentity,
} from "../../../core/operator/policy_wall.ts";

/** A dedicated operator user (1001) and a policy owned by root, readable by all, writable by none. */
function deployed(overrides: Partial<OsFacts> = {}): OsFacts {
  return {
    uid: 1001,
    gids: [1001],
    paths: [
      { path: "/srv/evals/operator.toml", mode: 0o100644, uid: 0, gid: 0 },
      { path: "/srv/evals", mode: 0o40755, uid: 0, gid: 0 },
      { path: "/srv", mode: 0o40755, uid: 0, gid: 0 },
      { path: "/", mode: 0o40755, uid: 0, gid: 0 },
    ],
    ...overrides,
  };
}

const facts = (os: OsFacts | { unknown: string }, routes: string[] = []) => ({
  path: "operator.toml",
  routes,
  unverified: [],
  os,
});

Deno.test("enforced only when no route exists and the OS refuses this user the file and every folder above it", () => {
  assertEquals(judgePolicyWall(facts(deployed())).outcome, "enforced");
});

Deno.test("root is never enforced: the strongest answer is inconclusive, on Deno flags only", () => {
  const result = judgePolicyWall(facts(deployed({ uid: 0, gids: [0] })));
  assertEquals(result.outcome, "inconclusive");
  match(result.detail, /^Deno flags only: .*root/);
});

Deno.test("a folder the user owns, or one its group or everyone may write, makes it inconclusive", () => {
  const owned = deployed();
  owned.paths = owned.paths.map((p) => p.path === "/srv/evals" ? { ...p, uid: 1001 } : p);
  const grouped = deployed({ gids: [1001, 50] });
  grouped.paths = grouped.paths.map((p) =>
    p.path === "/srv" ? { ...p, gid: 50, mode: 0o40775 } : p
  );
  const everyone = deployed();
  everyone.paths = everyone.paths.map((p) =>
    p.path.endsWith(".toml") ? { ...p, mode: 0o100666 } : p
  );
  assertEquals(writableByIdentity(owned), ["/srv/evals"]);
  assertEquals(writableByIdentity(grouped), ["/srv"]);
  assertEquals(writableByIdentity(everyone), ["/srv/evals/operator.toml"]);
  for (const os of [owned, grouped, everyone]) {
    assertEquals(judgePolicyWall(facts(os)).outcome, "inconclusive");
  }
});

Deno.test("a group write bit for a group the user is not in changes nothing", () => {
  const other = deployed();
  other.paths = other.paths.map((p) => p.path === "/srv" ? { ...p, gid: 50, mode: 0o40775 } : p);
  assertEquals(judgePolicyWall(facts(other)).outcome, "enforced");
});

Deno.test("any route is unenforced whatever the OS says, and unknown OS facts are inconclusive", () => {
  assertEquals(judgePolicyWall(facts(deployed(), ["a link"])).outcome, "unenforced");
  assertEquals(judgePolicyWall(facts({ unknown: "no uid" })).outcome, "inconclusive");
  const unverified = { ...facts(deployed()), unverified: ["DENO_COVERAGE_DIR unread"] };
  assertEquals(judgePolicyWall(unverified).outcome, "inconclusive");
});

Deno.test("a capability that writes past a file's mode (CAP_DAC_OVERRIDE) is never enforced", () => {
  const result = judgePolicyWall(facts(deployed({ capabilities: ["CAP_DAC_OVERRIDE"] })));
  assertEquals(result.outcome, "inconclusive");
  match(result.detail, /holds CAP_DAC_OVERRIDE, which lets it write past a file's mode/);
});

Deno.test("a supplementary group the kernel reports (and /etc/group does not list) counts", () => {
  const os = deployed({ gids: [1001, 4242] });
  os.paths = os.paths.map((p) => p.path === "/srv" ? { ...p, gid: 4242, mode: 0o40775 } : p);
  assertEquals(judgePolicyWall(facts(os)).outcome, "inconclusive");
});
