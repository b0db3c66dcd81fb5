/**
 * `true` exactly when A and B are the same type. A public type written out as an interface (so
 * its documentation shows its fields) is held to the schema that validates it by a constant of
 * this type: when they drift apart, type-checking fails.
 *
 * @example
 * ```ts
 * import type { SameType } from "./same_type.ts";
 * const agree: SameType<{ a?: number }, { a?: number | undefined }> = true;
 * const differ: SameType<{ a: number }, { a?: number }> = false;
 * ```
 */
export type SameType<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2)
  ? true
  : false;
