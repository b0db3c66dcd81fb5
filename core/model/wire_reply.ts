import { z } from "zod";
import type { ModelConnection } from "./connection.ts";
import { PROVIDERS } from "./providers/mod.ts";
import type { ModelReply, WireFormat } from "./providers/wire_format.ts";
import { WireFormatError } from "./wire.ts";

/**
 * A provider's reply read with its schemas, apart from the request's code in wire.ts: `run`
 * loads these (and zod) at its first model reply, and a suite without a model never does.
 *
 * @module
 */

/**
 * Reads a successful response body. A body that is not JSON, or not the shape its wire format
 * promises, throws WireFormatError: a proxy that answered 200 with an HTML page is a fault, not
 * an empty answer.
 */
export function readReply(provider: ModelConnection["provider"], body: string): ModelReply {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WireFormatError(`the response is not JSON: ${sample(body)}`);
  }
  return readWith<unknown>(PROVIDERS[provider], json);
}

// Each wire format's reply schema is built once, at its first reply.
const schemas = new Map<WireFormat, z.ZodType>();

function readWith<Reply>(format: WireFormat<Reply>, json: unknown): ModelReply {
  let schema = schemas.get(format) as z.ZodType<Reply> | undefined;
  if (schema === undefined) schemas.set(format, schema = format.replySchema(z));
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw shapeError(format.replyName, parsed.error);
  return format.read(parsed.data);
}

function shapeError(what: string, error: z.ZodError): WireFormatError {
  const issue = error.issues[0];
  const where = issue.path.length === 0 ? "the body" : issue.path.join(".");
  return new WireFormatError(`the response is not ${what} (${where}: ${issue.message})`);
}

function sample(body: string): string {
  const line = body.trim().split(/\r?\n/, 1)[0] ?? "";
  if (line === "") return "the body is empty";
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
}
