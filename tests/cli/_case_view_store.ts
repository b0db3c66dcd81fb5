import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createHash } from "node:crypto";
import { openaiCompletion, startMockServer } from "../fixtures/models/mock_server.ts";
import { cli, workspace } from "./_cli.ts";

/** A word only the inputs hold: never the output, a reason or the judge's answer. */
export const INPUT_MARKER = "INPUT-MARKER-5d1c";
/** The system prompt the target is asked with; the run records only its digest. */
export const SYSTEM_PROMPT = "You sort reviews by sentiment.";
/** The judge's reply as it comes over the wire, fenced, before it is read as a verdict. */
export const JUDGE_REPLY =
  '```json\n{"verdict": "pass", "score": 0.9, "reason": "kind words"}\n```';

/** The system prompt's digest as the run records it (`sha256:` and 12 hex digits). */
export function systemPromptDigest(): string {
  return `sha256:${createHash("sha256").update(SYSTEM_PROMPT).digest("hex").slice(0, 12)}`;
}

function suite(url: string): string {
  return `name = "reviews"

[target]
provider = "openai"
base_url = "${url}/v1"
model = "sut-model"
system = "${SYSTEM_PROMPT}"
temperature = 0
prompt = "Classify: {{text}}"
retries = 0

[[assertions]]
name = "correct"
kind = "equals"

[[assertions]]
name = "polite"
kind = "judge"
rubric = "The answer is polite."
provider = "openai"
base_url = "${url}/v1"
model = "judge-model"

[[aggregates]]
name = "accuracy"
kind = "accuracy"
over = "correct"

[[cases]]
id = "parcel"
vars = { text = "${INPUT_MARKER} the parcel never came" }
expected = "negative"

[[cases]]
id = "service"
vars = { text = "fine service" }
expected = "positive"
`;
}

/**
 * A store of two labelled runs of a model-target suite judged by a model, both played by a mock
 * server: "AFINN baseline" (approved, every case right), then "VADER trial", which answers
 * "positive" to the parcel case, so that case flips pass → fail.
 */
export async function caseViewWorkspace(): Promise<{ cwd: string; runs: string[] }> {
  const state = { parcel: "negative" };
  const server = startMockServer((request) => {
    const body = request.body as { model: string; messages: { content: string }[] };
    if (body.model === "judge-model") return openaiCompletion(JUDGE_REPLY);
    const asked = body.messages.at(-1)?.content ?? "";
    return openaiCompletion(asked.includes("parcel") ? state.parcel : "positive");
  });
  try {
    const cwd = await workspace({ "suite.toml": suite(server.url) });
    const first = await cli(["run", "suite.toml", "--label", "AFINN baseline", "--json"], { cwd });
    assertEquals(first.code, 0, first.stderr);
    const promoted = await cli(["promote", "latest", "--because", "reviewed"], { cwd });
    assertEquals(promoted.code, 0, promoted.stderr);
    state.parcel = "positive";
    const second = await cli(["run", "suite.toml", "--label", "VADER trial", "--json"], { cwd });
    assertEquals(second.code, 0, second.stderr);
    return {
      cwd,
      runs: [JSON.parse(first.stdout).run_id, JSON.parse(second.stdout).run_id],
    };
  } finally {
    await server.close();
  }
}
