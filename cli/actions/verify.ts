import { verifyPayload } from "../../host/work/verify_payload.ts";
import type { VerifyInput } from "../commands/verify.ts";
import type { Io } from "../io.ts";
import { openStore, printJson } from "./_shared.ts";
import { UsageError } from "../../host/process/refusals.ts";

async function verifyStoreAction(values: VerifyInput["values"], io: Io): Promise<number> {
  const { verifyStore } = await import("../../host/work/verify_store.ts");
  const document = await verifyStore(openStore(values));
  if (values.json) printJson(io, document);
  else if (document.holds) {
    io.out(`${document.store}: all ${document.documents} documents hold\n`);
  } else {
    io.out(
      `${document.store}: ${document.problems.length} of its files do not hold (${document.documents} documents read)\n` +
        document.problems.map((p) => `  ${p.file}: ${p.problem}\n`).join(""),
    );
  }
  return document.holds ? 0 : 1;
}

/** What `digline verify` does; its declaration is cli/commands/verify.ts. */
export async function execute(
  { values, positionals }: VerifyInput,
  io: Io,
): Promise<number> {
  if (values["whole-store"]) {
    if (positionals.length > 0) {
      throw new UsageError("verify: give FILE or --whole-store, not both");
    }
    return await verifyStoreAction(values, io);
  }
  if (positionals.length === 0) {
    throw new UsageError(
      "verify: name the saved payload FILE, or pass --whole-store to check the store",
    );
  }
  const document = await verifyPayload(positionals[0], { store: openStore(values) });
  if (values.json) {
    printJson(io, document);
  } else if (document.holds) {
    io.out(`${document.file} holds: all ${document.fields.length} fields match the store\n`);
  } else {
    io.out(
      `${document.file} does not hold: ${
        document.fields.filter((f) => f.status !== "holds").map((f) =>
          `${f.field} ${
            f.status === "unknown"
              ? "is not a field this digline knows"
              : "differs from what the store says"
          }`
        ).join("; ")
      }\n`,
    );
  }
  return document.holds ? 0 : 1;
}
