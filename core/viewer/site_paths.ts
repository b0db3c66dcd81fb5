/**
 * Where each page of the store's site lives. The live server and the exported folder use the
 * same relative paths, so every link works both from `digline serve` and from files on disk.
 */

import { sha256Hex } from "../digest.ts";

/** The pages of a site, each named by what it shows. */
export type SitePage =
  | { page: "suites" }
  | { page: "suite"; suite: string }
  | { page: "run"; runId: string }
  | { page: "case"; runId: string; caseId: string }
  | { page: "comparison"; suite: string }
  | { page: "diff"; a: string; b: string }
  | { page: "journal" };

/**
 * A page's path relative to the site's root. Names are percent-encoded, so a suite or run name
 * can never climb out of its folder.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(pagePath({ page: "suite", suite: "qa" }), "suite/qa.html");
 * ```
 */
export function pagePath(page: SitePage): string {
  switch (page.page) {
    case "suites":
      return "index.html";
    case "suite":
      return `suite/${segment(page.suite)}.html`;
    case "run":
      return `run/${segment(page.runId)}.html`;
    case "case":
      return `case/${segment(page.runId)}/${caseSegment(page.caseId)}.html`;
    case "comparison":
      return `comparison/${segment(page.suite)}.html`;
    case "diff":
      return `diff/${segment(page.a)}/${segment(page.b)}.html`;
    case "journal":
      return "journal.html";
  }
}

/**
 * The page a request path names, or undefined when it names none. The names it returns are only
 * looked up among the store's own suites and runs, never joined to a file path.
 *
 * @example
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * deepStrictEqual(pageOfPath("/run/20261130-011803-123-3fa9c1.html"), {
 *   page: "run",
 *   runId: "20261130-011803-123-3fa9c1",
 * });
 * deepStrictEqual(pageOfPath("/run/..%2F..%2Fetc%2Fpasswd.html"), undefined);
 * ```
 */
export function pageOfPath(path: string): SitePage | undefined {
  if (path === "/" || path === "/index.html") return { page: "suites" };
  if (path === "/journal.html") return { page: "journal" };
  const pair = /^\/diff\/([^/]+)\/([^/]+)\.html$/.exec(path);
  if (pair !== null) {
    const [a, b] = [nameOf(pair[1]), nameOf(pair[2])];
    return a === undefined || b === undefined ? undefined : { page: "diff", a, b };
  }
  if (path.startsWith("/case/")) return casePageOfPath(path);
  const match = /^\/(suite|run|comparison)\/([^/]+)\.html$/.exec(path);
  if (match === null) return undefined;
  const name = nameOf(match[2]);
  if (name === undefined) return undefined;
  if (match[1] === "run") return { page: "run", runId: name };
  return match[1] === "suite"
    ? { page: "suite", suite: name }
    : { page: "comparison", suite: name };
}

/** A link from one page to another, relative, so the site opens from a folder of files. */
export function linkTo(from: SitePage, to: SitePage): string {
  const depth = pagePath(from).split("/").length - 1;
  return "../".repeat(depth) + pagePath(to);
}

function segment(name: string): string {
  return encodeURIComponent(name);
}

/** A name from a path's segment, or undefined when it could climb out of its folder. */
function nameOf(encoded: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  if (name === "" || /[/\\\0]/.test(name) || name === "." || name === "..") return undefined;
  return name;
}

function casePageOfPath(path: string): SitePage | undefined {
  const match = /^\/case\/([^/]+)\/([^/]+)\.html$/.exec(path);
  if (match === null) return undefined;
  const runId = nameOf(match[1]);
  const caseId = nameOf(match[2]);
  return runId === undefined || caseId === undefined ? undefined : { page: "case", runId, caseId };
}

/** Percent-encoded case ids longer than this are named by their digest: a file name has a limit. */
const CASE_SEGMENT_LIMIT = 150;

/**
 * A case's file name in its run's folder: its id percent-encoded, or for an id too long for a
 * file name or one a path could not carry back (`.`, `..`, a slash), `~` and the first 16 hex
 * digits of its sha256. A page path read
 * back gives the name as written; the site looks a case up by its id or by this name.
 *
 * @example
 * ```ts
 * import { equal, match } from "node:assert/strict";
 * equal(caseSegment("amazon-0018"), "amazon-0018");
 * match(caseSegment("x".repeat(200)), /^~[0-9a-f]{16}$/);
 * ```
 */
export function caseSegment(caseId: string): string {
  const encoded = encodeURIComponent(caseId);
  return encoded.length <= CASE_SEGMENT_LIMIT && nameOf(encoded) === caseId
    ? encoded
    : `~${sha256Hex(caseId).slice(0, 16)}`;
}
