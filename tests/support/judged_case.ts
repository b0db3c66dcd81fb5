import type { CaseResult } from "../../core/run/run_document.ts";
import type { CaseInput } from "../../core/suite/case.ts";
import type { Pace } from "../../host/models/rate_limiter.ts";
import {
  type RecordedRequest,
  type Responder,
  startMockServer,
} from "../fixtures/models/mock_server.ts";
import { judgeAssertion } from "../fixtures/models/suites.ts";
import { functionSpec } from "../fixtures/targets/suites.ts";
import { runModelCases } from "../host/models/_run.ts";

/**
 * Cases (one, `a`, whose text is "hi", unless `cases` says) echoed by a function target and
 * graded by one judge on the OpenAI wire (rubric "r", model "m") that a mock model server plays
 * with `respond`; `judge` adds to or overrides the judge's keys. The server is closed after.
 */
export async function judged(
  respond: Responder,
  options: { judge?: Record<string, unknown>; pace?: Pace; cases?: CaseInput[] } = {},
): Promise<{ results: CaseResult[]; requests: RecordedRequest[] }> {
  const server = startMockServer(respond);
  try {
    const cases = options.cases ?? [{ id: "a", vars: { text: "hi" } }];
    const results = await runModelCases(cases, {
      target: functionSpec((vars) => String(vars.text ?? "")),
      ...(options.pace === undefined ? {} : { pace: options.pace }),
      assertions: [
        judgeAssertion({
          rubric: "r",
          provider: "openai",
          model: "m",
          base_url: `${server.url}/v1`,
          ...options.judge,
        }),
      ],
    });
    return { results, requests: server.requests };
  } finally {
    await server.close();
  }
}
