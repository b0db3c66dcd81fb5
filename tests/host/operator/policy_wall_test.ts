import { deepStrictEqual as assertEquals, match, ok } from "node:assert/strict";
import { kernelIdentity, runtimeWriterRoute } from "../../../host/operator/policy_wall.ts";

Deno.test("a V8 logging flag is a route with one dash as with two", () => {
  for (
    const flags of [
      "--prof",
      "-prof",
      "--max-old-space-size=64 -logfile=/tmp/x",
      "-trace_gc",
      "-ll_prof",
      "-nologfile_per_isolate",
      "--gdbjit-dump",
      "-heap_snapshot_on_oom",
    ]
  ) {
    ok(runtimeWriterRoute("DENO_V8_FLAGS", flags) !== null, flags);
  }
  for (
    const flags of ["--max-old-space-size=64", "-stack-size=900", "", "-max_semi_space_size=2"]
  ) {
    assertEquals(runtimeWriterRoute("DENO_V8_FLAGS", flags), null, flags);
  }
});

Deno.test("a permission broker voids every flag, so its variable is a route", () => {
  match(
    runtimeWriterRoute("DENO_PERMISSION_BROKER_PATH", "/run/broker.sock") ?? "",
    /permission broker then answers every permission instead of the flags/,
  );
});

Deno.test("the kernel is asked which groups and capabilities this process really has, and the scratch file goes", () => {
  const dir = Deno.makeTempDirSync();
  const uid = Deno.uid()!;
  const identity = kernelIdentity(dir, { uid, gids: [Deno.gid()!, 4242] });
  ok(identity !== null);
  ok(identity.groups.includes(Deno.gid()!), "its own primary group");
  if (uid === 0) {
    // Root (as these tests usually run) holds CAP_DAC_OVERRIDE and CAP_CHOWN.
    assertEquals(identity.capabilities, ["CAP_DAC_OVERRIDE", "CAP_CHOWN"]);
    ok(identity.groups.includes(4242), "with CAP_CHOWN every group answers yes");
  } else {
    ok(!identity.groups.includes(4242));
  }
  assertEquals([...Deno.readDirSync(dir)], []);
});
