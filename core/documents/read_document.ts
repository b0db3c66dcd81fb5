import * as generated from "../generated/validators.js";
import { type DocumentIssue, DocumentRefusedError, issueDetail } from "./document_refused.ts";

/**
 * The shapes `deno task generate:validators` writes a validator for (tools/validated_shapes.ts),
 * each a kind of document read from disk or the wire.
 */
export type DocumentShape = {
  [K in keyof typeof generated]: K extends `validate${infer Shape}` ? Shape : never;
}[keyof typeof generated];

/** One problem a schema found: where in the document, and what. */
export type { DocumentIssue } from "./document_refused.ts";

/** A schema's answer, as zod's `safeParse` gives it. */
export type DocumentParse<T, I extends DocumentIssue = DocumentIssue> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly I[] } };

/** What the reader needs of a schema: zod's, or a parse that answers as it does. */
export interface DocumentSchema<T> {
  safeParse(value: unknown): DocumentParse<T> | Promise<DocumentParse<T>>;
  /** zod's throwing parse, for a document digline wrote itself. */
  parse?(value: unknown): T;
}

/**
 * A kind of document: the shape its generated validator checks, and its schema, loaded only
 * for a document that validator refuses (zod costs a command about 200 ms to load, ADR 0077).
 * The caller supplies the loading, since core imports nothing at run time.
 */
export interface DocumentKind<T> {
  /** Absent for a kind no validator is generated for, which its schema alone reads. */
  readonly shape?: DocumentShape;
  readonly schema: () => DocumentSchema<T> | Promise<DocumentSchema<T>>;
  /** The refusal of a file of this kind, when it says more than DocumentRefusedError's. */
  readonly refusal?: (file: string, detail: string) => DocumentRefusedError;
  /** The shape's generated validator, looked up once. */
  readonly validate?: (value: unknown) => boolean;
}

const VALIDATORS = generated as unknown as Record<string, (value: unknown) => boolean>;

/** A kind of document, its type `T` the one its schema returns. */
export function documentKind<T>(
  shape: DocumentShape | undefined,
  options: Omit<DocumentKind<T>, "shape" | "validate">,
): DocumentKind<T> {
  const validate = shape === undefined ? undefined : VALIDATORS[`validate${shape}`];
  return { shape, validate, ...options };
}

/**
 * The document as its schema returns it, when its generated validator vouches for it (its
 * defaults filled in, in place); undefined for one it does not take, which only the schema can
 * read or word the refusal of. Synchronous, for the loops that read one per case.
 */
export function plainDocument<T>(kind: DocumentKind<T>, value: unknown): T | undefined {
  // The validator is generated from the schema of T and accepts only what it returns unchanged.
  return kind.validate?.(value) === true ? value as T : undefined;
}

/**
 * The document through its generated validator, and through its schema only when that refuses:
 * the schema's document, or its issues. Every stored or wire document is read this way, so one
 * document gives one object whichever path read it.
 */
export async function parseDocument<T>(
  kind: DocumentKind<T>,
  value: unknown,
): Promise<DocumentParse<T>> {
  const plain = plainDocument(kind, value);
  if (plain !== undefined) return { success: true, data: plain };
  return await (await kind.schema()).safeParse(value);
}

/**
 * `parseDocument` for a reader that holds the kind's schema already and must answer at once (a
 * suite's case read again by its index).
 */
export function parseDocumentBy<T, I extends DocumentIssue>(
  kind: DocumentKind<T>,
  options: { schema: { safeParse(value: unknown): DocumentParse<T, I> }; value: unknown },
): DocumentParse<T, I> {
  const plain = plainDocument(kind, options.value);
  if (plain !== undefined) return { success: true, data: plain };
  return options.schema.safeParse(options.value);
}

/**
 * The document read and typed, or a DocumentRefusedError naming `file` and its first problem.
 * The one reader of every stored or wire document; a reader with refusals of its own words
 * (a suite's, a store's) uses `parseDocument` and words the issues it returns.
 */
export async function readDocument<T>(
  kind: DocumentKind<T>,
  value: unknown,
  options: { file: string },
): Promise<T> {
  const parsed = await parseDocument(kind, value);
  if (parsed.success) return parsed.data;
  const detail = issueDetail(parsed.error.issues);
  throw kind.refusal?.(options.file, detail) ?? new DocumentRefusedError(options.file, { detail });
}

/**
 * A document about to be written, as its schema returns it: a program's own error (the schema's
 * exception) when it does not hold, since digline built it.
 */
export async function checkedDocument<T>(kind: DocumentKind<T>, value: T): Promise<T> {
  const plain = plainDocument(kind, value);
  if (plain !== undefined) return plain;
  const schema = await kind.schema();
  if (schema.parse !== undefined) return schema.parse(value);
  const parsed = await schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new TypeError(
    `a ${kind.shape ?? "document"} digline built is not valid: ${issueDetail(parsed.error.issues)}`,
  );
}
