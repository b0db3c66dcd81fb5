import { compareSuitesOutput } from "../../core/documents/compare_suites_output.ts";
import type { CompareDocument } from "../../core/documents/mod.ts";
import { compareDocument } from "../../host/work/compare_document.ts";
import type { CompareInput } from "../commands/compare.ts";
import type { Io } from "../io.ts";
import { approvalChangeLine } from "./_gate.ts";
import { openStore, printJson } from "./_shared.ts";
import { digline } from "../../core/printed_command.ts";
import type { Redactable } from "../../core/suite/redaction.ts";

/**
 * `compare` with no RUN, no --suite and no --baseline in a store of several suites: each suite's
 * latest run against its own approval, one headline per suite, exiting with the worst verdict.
 * Returns undefined when the arguments or the store ask for one comparison instead.
 */
export async function gateEverySuite(
  input: CompareInput,
  options: { io: Io; redact: readonly Redactable[]; maxExtraCalls?: number },
): Promise<number | undefined> {
  const { io, redact } = options;
  const { values, positionals } = input;
  if (positionals.length > 0 || values.suite !== undefined || values.baseline !== undefined) {
    return undefined;
  }
  const store = openStore(values);
  const suites = await store.suites();
  if (suites.length < 2) return undefined;
  const documents: CompareDocument[] = [];
  for (const suite of suites) {
    const { document, result } = await compareDocument(undefined, {
      store,
      suite,
      baselineRef: values["baseline-ref"],
      acceptRulesChange: values["accept-rules-change"],
      kind: "compare",
      confirm: values.confirm,
      ...(options.maxExtraCalls === undefined
        ? {}
        : { confirmMaxExtraCalls: options.maxExtraCalls }),
      redact,
      onRound: values.json ? undefined : ({ index, cases }) =>
        io.err(
          `confirm ${suite}: round ${index} drew ${cases} case${cases === 1 ? "" : "s"} again\n`,
        ),
    });
    // On stderr, so --json stays one document; a CI log shows it either way.
    if (result.approvalChange !== undefined) {
      io.err(approvalChangeLine(result.approvalChange) + "\n");
    }
    documents.push(document);
  }
  const gate = compareSuitesOutput(documents);
  if (values.json) {
    printJson(io, gate);
    return gate.verdict;
  }
  const width = Math.max(...suites.map((s) => s.length));
  io.out(
    [
      ...documents.map((d) => `${d.suite.padEnd(width)}  ${d.headline}`),
      "",
      `exit ${gate.verdict}, the worst of ${suites.length} suites (${gate.counts.not_worse} not worse, ${gate.counts.worse} worse, ${gate.counts.not_judged} not judged); one suite's reading: ${
        digline(
          `compare --suite NAME${
            values["baseline-ref"] === undefined ? "" : ` --baseline-ref ${values["baseline-ref"]}`
          }`,
          store.where,
        )
      }`,
    ].join("\n") + "\n",
  );
  return gate.verdict;
}
