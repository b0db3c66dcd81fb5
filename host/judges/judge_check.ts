import type { Assertion, CheckInput } from "../../core/suite/assertions/assertion.ts";
import type { JudgeAssertion } from "../../core/suite/assertions/builtin.ts";
import { parseJudgeAnswer } from "../../core/model/judge_answer.ts";
import { judgeFollowUp, renderJudgePrompt } from "../../core/model/judge.ts";
import type { ModelPrompt, ModelReply } from "../../core/model/providers/wire_format.ts";
import { TemplateFieldError } from "../../core/model/template.ts";
import type { Score } from "../../core/verdict.ts";
import { askModel, type AskResult } from "../models/ask.ts";
import type { ModelPool } from "../models/pool.ts";
import { type Pace, realPace } from "../models/rate_limiter.ts";

/** What binding a judge needs: the run's model pool, and the world for its retries. */
export interface BindJudgeOptions {
  models: ModelPool;
  pace?: Pace;
  random?: () => number;
}

/**
 * Gives a judge its model client: the check renders the judge prompt, asks the model (with
 * its own timeout, retries and backoff, since the driver retries only the target), and parses
 * the answer strictly. A refusal, an answer that does not parse, an abstention, or a model
 * that could not be reached is an errored verdict with the reason: never a pass or a fail.
 * The id, name and canonical definition stay those core computed.
 */
export function bindJudge(judge: JudgeAssertion, options: BindJudgeOptions): Assertion {
  const settings = judge.judge;
  const client = options.models.client(settings, {
    role: "judge",
    who: `judge "${settings.name}"`,
  });
  const pace = options.pace ?? realPace;
  const random = options.random ?? Math.random;
  return {
    id: judge.id,
    name: judge.name,
    kind: judge.kind,
    definition: judge.definition,
    async check(input: CheckInput): Promise<Score> {
      let prompt: string;
      try {
        prompt = renderJudgePrompt(settings, input);
      } catch (error) {
        if (!(error instanceof TemplateFieldError)) throw error;
        return errored(
          `the judge prompt names {{${error.field}}}, which case "${input.testCase.id}" does not have`,
          { judge_prompt: true },
        );
      }
      const question: ModelPrompt = settings.system === undefined
        ? { prompt }
        : { system: settings.system, prompt };
      const ask = (followUp?: ModelPrompt["followUp"]) =>
        askModel(client, followUp === undefined ? question : { ...question, followUp }, {
          signal: input.signal ?? new AbortController().signal,
          timeoutMs: settings.timeout_ms,
          retries: settings.retries,
          backoffMs: settings.backoff_ms,
          ...(input.meter === undefined ? {} : { meter: input.meter }),
          pace,
          random,
        });
      // A judge that abstains (an answer that does not parse, a refusal, "abstain") is asked
      // again, up to abstention_retries times: one abstention in a run of many would otherwise
      // leave the run unjudged for good. The re-ask quotes its answer back and restates the
      // format, since a judge at temperature 0 gives the same request the same answer (ADR
      // 0126). The verdict is the first real answer, and its reason says it came on a re-ask.
      let asked = await ask();
      let score: Score = answerOf(asked, settings.name);
      const first = score;
      let asks = 1;
      for (; asks <= (settings.abstention_retries ?? 0) && abstained(score); asks++) {
        const [cause] = (score.reason ?? "").split("\n");
        const answer = asked.ok ? asked.reply.text.trim() : "";
        asked = await ask({
          answer: answer === "" ? "(no text)" : answer,
          request: judgeFollowUp(cause),
        });
        score = answerOf(asked, settings.name);
      }
      if (asks === 1) return score;
      if (!abstained(score)) {
        if (score.status === "error") return score;
        const [cause] = (first.reason ?? "").split("\n");
        const after = `on a re-ask: ask ${asks}, after ${cause}`;
        return {
          ...score,
          reason: score.reason === undefined ? `(${after})` : `${score.reason} (${after})`,
          metadata: { ...score.metadata, reasked: true, asks },
        };
      }
      const [cause, ...words] = (score.reason ?? "").split("\n");
      return { ...score, reason: [`${cause} (asked ${asks} times)`, ...words].join("\n") };
    },
  };
}

/** What one ask of the judge came to: its verdict, an abstention, or no answer. */
function answerOf(asked: AskResult, name: string): Score {
  if (!asked.ok && asked.attempts === 0) {
    return errored(`judge "${name}" was not asked: ${asked.error.message}`, {
      judge_unreachable: true,
    });
  }
  if (!asked.ok) {
    const plural = asked.attempts === 1 ? "attempt" : "attempts";
    return errored(
      `judge "${name}" got no answer after ${asked.attempts} ${plural}: ${asked.error.message}`,
      { judge_unreachable: true },
    );
  }
  const { reply } = asked;
  // The reply as it came, kept beside the verdict read from it: the case view shows both.
  return { ...verdictOf(reply), ...(reply.text === "" ? {} : { answer: reply.text }) };
}

/** The verdict a judge's reply reads as: its own, a refusal or an abstention. */
function verdictOf(reply: ModelReply): Score {
  if (reply.refusal !== undefined) {
    return errored(`the judge refused to judge\nits words: ${reply.refusal}`, {
      abstained: true,
      refused: true,
    });
  }
  const answer = parseJudgeAnswer(reply.text);
  if ("abstain" in answer) {
    const cut = reply.stop === "length" || reply.stop === "max_tokens"
      ? " (the answer was cut off at max_tokens)"
      : "";
    // The cut is a cause, so it joins the first line; the judge's words stay below it.
    const [cause, ...words] = answer.abstain.split("\n");
    return errored([`${cause}${cut}`, ...words].join("\n"), { abstained: true });
  }
  return answer;
}

function abstained(score: Score): boolean {
  return score.status === "error" && score.metadata?.abstained === true;
}

// An abstention (a refusal, an answer that does not parse) and a judge that could not be
// reached are both questions without an answer: errored, never a pass or a fail.
function errored(reason: string, metadata: Record<string, boolean>): Score {
  return { status: "error", reason, metadata };
}
