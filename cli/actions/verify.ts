import { verifyPayload } from "../../host/commands/verify_payload.ts";
import type { VerifyInput } from "../commands/verify.ts";
import type { Io } from "../io.ts";
import { openStore, printJson } from "./_shared.ts";

/** What `digline verify` does; its declaration is cli/commands/verify.ts. */
export async function execute(
  { values, positionals }: VerifyInput,
  io: Io,
): Promise<number> {
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
