import { decodeOutput } from "../files/utf8.ts";
import { redact } from "../../core/redact.ts";
import { describeModel, type ModelConnection } from "../../core/model/connection.ts";
import { PROVIDERS } from "../../core/model/providers/mod.ts";
import { retryAfterMs } from "../../core/model/retry_after.ts";
import type { ModelMeter, ModelRole } from "../../core/model/usage.ts";
import {
  authHeader,
  buildRequest,
  readErrorMessage,
  WireFormatError,
} from "../../core/model/wire.ts";
import type { ModelPrompt, ModelReply } from "../../core/model/providers/wire_format.ts";
import { abortError, clip, fetchFailure } from "../calls/call_errors.ts";
import { TransportError } from "../calls/target.ts";
import type { Circuit } from "./circuit.ts";
import type { RateLimiter } from "./rate_limiter.ts";

/** One model endpoint, ready to be asked: paced, guarded by its circuit, and metered. */
export interface ModelClient {
  readonly connection: ModelConnection;
  readonly role: ModelRole;
  /** `openai gpt-4o-mini at https://api.openai.com/v1`: how messages name it. */
  readonly label: string;
  /** Tokens a prompt is expected to use, for the tokens-per-minute limit. */
  estimate(prompt: ModelPrompt): number;
  /** Waits for the rate limit; throws CircuitOpenError when the endpoint is not to be called. */
  ready(estimate: number, signal: AbortSignal): Promise<void>;
  /** Sends one request; throws TransportError (with retry advice) when no answer came back. */
  send(prompt: ModelPrompt, options: SendOptions): Promise<ModelReply>;
}

/** How one request is sent. */
export interface SendOptions {
  signal: AbortSignal;
  /** Whether this request repeats one that failed (counted as a retry). */
  retry: boolean;
  meter?: ModelMeter;
  /** The tokens `ready` reserved for this request, corrected once the provider reports its use. */
  estimate?: number;
  /** Told when the response body was not UTF-8 (its bad bytes read as U+FFFD). */
  onBodyNote?: (note: string) => void;
}

/** What a client shares with every other client of the same endpoint. */
export interface ClientParts {
  role: ModelRole;
  /** The key, read from the variable the suite names; absent when it names none. */
  key?: string;
  limiter: RateLimiter;
  circuit: Circuit;
  /** Wall-clock milliseconds, for a Retry-After given as an HTTP-date. */
  wallClock?: () => number;
}

// Statuses that say the endpoint can not serve anyone now, as opposed to this one request.
const DOWN = (status: number) => status >= 500 || status === 408;
// Statuses that say no request will succeed as configured (the key, the model, the URL).
const UNUSABLE = new Set([401, 403, 404]);

/**
 * Opens a client for one model connection. The key goes into one header of each request and
 * nowhere else: error messages name the endpoint, the status and the provider's own message,
 * never a header.
 */
export function openModelClient(connection: ModelConnection, parts: ClientParts): ModelClient {
  const label = describeModel(connection);
  const wallClock = parts.wallClock ?? (() => Date.now());
  const outputAllowance = connection.max_tokens ?? connection.max_completion_tokens ??
    PROVIDERS[connection.provider].unstatedOutputTokens;
  return {
    connection,
    role: parts.role,
    label,
    estimate(prompt) {
      // About four characters a token in English; the provider's count corrects it afterwards.
      const chars = prompt.prompt.length + (prompt.system?.length ?? 0) +
        (prompt.followUp === undefined
          ? 0
          : prompt.followUp.answer.length + prompt.followUp.request.length);
      return Math.ceil(chars / 4) + outputAllowance;
    },
    async ready(estimate, signal) {
      parts.circuit.check();
      await parts.limiter.acquire(estimate, signal);
      // The circuit may have opened while this call queued.
      parts.circuit.check();
    },
    async send(prompt, options) {
      parts.circuit.check();
      const plan = buildRequest(connection, prompt);
      const headers = { ...plan.headers };
      if (parts.key !== undefined) {
        const [name, value] = authHeader(connection, parts.key);
        headers[name] = value;
      }
      const where = endpointName(plan.url);
      const secrets = parts.key === undefined ? [] : [parts.key];
      const meter = (usage?: ModelReply["usage"]) =>
        options.meter?.({
          role: parts.role,
          provider: connection.provider,
          model: connection.model,
          retry: options.retry,
          ...(usage === undefined ? {} : { usage }),
        });
      let response: Response;
      let body: string;
      try {
        response = await fetch(plan.url, {
          method: "POST",
          headers,
          body: JSON.stringify(plan.body),
          signal: options.signal,
          // Deno strips only Authorization on a redirect to another origin; an api-key header
          // would follow it. No redirect is followed with a key.
          redirect: "manual",
        });
        // Read as bytes: text() would replace bytes that are not UTF-8 without a word.
        body = decodeOutput(new Uint8Array(await response.arrayBuffer()), options.onBodyNote, {
          what: "the model's response",
        });
      } catch (error) {
        meter();
        if (options.signal.aborted) {
          const reason: unknown = options.signal.reason;
          // A timeout says the endpoint is slow or down; a cancelled run says nothing about it.
          if (reason instanceof TransportError) parts.circuit.failure(reason.message);
          throw abortError(options.signal);
        }
        const message = redact(`the request to ${where} failed: ${fetchFailure(error)}`, secrets);
        parts.circuit.failure(message);
        throw new TransportError(message, { cause: error });
      }
      if (response.status >= 300 && response.status < 400) {
        meter();
        const location = redact(response.headers.get("location") ?? "nowhere", secrets);
        const message = `${where} answered ${response.status}, a redirect to ${location}; ` +
          "digline does not send a key on to another address: set base_url to that address";
        parts.circuit.failure(message, { lasting: true });
        throw new TransportError(message, { retryable: false });
      }
      if (!response.ok) {
        meter();
        // Redacted after the body is decoded: a key the provider quotes back JSON-escaped is
        // the key again once read out of the JSON.
        const error = statusError(response, { body, where, circuit: parts.circuit, wallClock });
        error.message = redact(error.message, secrets);
        throw error;
      }
      let reply: ModelReply;
      try {
        // The reply schemas (and zod) load at the first reply, not before the first case.
        const { readReply } = await import("../../core/model/wire_reply.ts");
        reply = readReply(connection.provider, body);
      } catch (error) {
        meter();
        if (!(error instanceof WireFormatError)) throw error;
        const message = `${where} answered 200 but ${error.message}`;
        parts.circuit.failure(message);
        throw new TransportError(message, { cause: error });
      }
      meter(reply.usage);
      parts.circuit.success();
      if (options.estimate !== undefined && reply.usage !== undefined) {
        parts.limiter.settle(
          options.estimate,
          reply.usage.input_tokens + reply.usage.output_tokens,
        );
      }
      return reply;
    },
  };
}

function statusError(
  response: Response,
  context: { body: string; where: string; circuit: Circuit; wallClock: () => number },
): TransportError {
  const status = response.status;
  const said = readErrorMessage(context.body) ?? firstLine(context.body);
  const message = `${context.where} answered ${status}${said === "" ? "" : `: ${clip(said)}`}`;
  const retryAfter = retryAfterMs((name) => response.headers.get(name), context.wallClock());
  if (status === 429) {
    return new TransportError(message, { retryable: true, retryAfterMs: retryAfter });
  }
  if (DOWN(status)) {
    context.circuit.failure(message);
    return new TransportError(message, { retryable: true, retryAfterMs: retryAfter });
  }
  if (UNUSABLE.has(status)) {
    context.circuit.failure(message, { lasting: true });
    return new TransportError(message, { retryable: false });
  }
  // Another 4xx is about this request (a prompt too long, say): the endpoint itself is fine.
  context.circuit.success();
  return new TransportError(message, { retryable: false });
}

/** The endpoint as messages name it: origin and path, without the query (which may be long). */
function endpointName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function firstLine(body: string): string {
  return body.trim().split(/\r?\n/, 1)[0] ?? "";
}
