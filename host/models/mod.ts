/**
 * Model clients: the two wire formats over fetch, with client-side rate limits, a circuit per
 * endpoint and retries that honour Retry-After. The provider target and the judges use them.
 *
 * @module
 */
export { readApiKey } from "./api_key.ts";
export { askModel, type AskOptions, type AskResult } from "./ask.ts";
export { Circuit, CircuitOpenError } from "./circuit.ts";
export { type ModelClient, openModelClient, type SendOptions } from "./model_client.ts";
export { createModelPool, type ModelPool, type ModelPoolOptions } from "./pool.ts";
export { type Pace, RateLimiter, type RateLimits, realPace } from "./rate_limiter.ts";
