import type { JsonObject } from "../../core/json.ts";
import type { ModelConnection } from "../../core/model/connection.ts";
import { renderTemplate, TemplateFieldError, varLookup } from "../../core/model/template.ts";
import type { ModelPrompt } from "../../core/model/providers/wire_format.ts";
import type { ModelPool } from "../models/pool.ts";
import { type CallOptions, type Target, TransportError } from "../calls/target.ts";

/**
 * Opens a provider target: each case's vars fill the prompt template, which is sent as one
 * user turn (after the optional system prompt) to the model; the model's text is the output.
 * One call per attempt: the driver retries, paces and times the attempts. A refusal is an
 * answer, recorded as such; checks judge what the model said instead.
 */
export function openProviderTarget(
  spec: { connection: ModelConnection; prompt: string },
  options: { models: ModelPool },
): Target {
  const client = options.models.client(spec.connection, { role: "target", who: "the target" });
  const promptFor = (vars: JsonObject): ModelPrompt => {
    let prompt: string;
    try {
      prompt = renderTemplate(spec.prompt, varLookup(vars));
    } catch (error) {
      if (!(error instanceof TemplateFieldError)) throw error;
      throw new TransportError(
        `the prompt names {{${error.field}}}, which this case's vars do not have`,
        { retryable: false },
      );
    }
    return spec.connection.system === undefined
      ? { prompt }
      : { system: spec.connection.system, prompt };
  };
  return {
    async ready(vars: JsonObject, readyOptions: { signal: AbortSignal }): Promise<void> {
      await client.ready(client.estimate(promptFor(vars)), readyOptions.signal);
    },
    async call(vars: JsonObject, callOptions: CallOptions): Promise<string> {
      const prompt = promptFor(vars);
      const reply = await client.send(prompt, {
        signal: callOptions.signal,
        estimate: client.estimate(prompt),
        retry: (callOptions.attempt ?? 1) > 1,
        ...(callOptions.meter === undefined ? {} : { meter: callOptions.meter }),
        ...(callOptions.onOutputNote === undefined ? {} : { onBodyNote: callOptions.onOutputNote }),
      });
      if (reply.refusal !== undefined) callOptions.onRefusal?.();
      return reply.text;
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  };
}
