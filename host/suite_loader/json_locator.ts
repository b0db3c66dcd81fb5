import type { KeyPath } from "./toml_locator.ts";

/**
 * The 1-based column of a key path inside one line of JSON (a JSONL case), or of the nearest
 * enclosing key when the path is not there (a missing key). 1 when nothing encloses it.
 *
 * @example
 * ```ts
 * import { equal } from "node:assert/strict";
 * equal(locateJsonColumn('{"id": "a", "vars": {"q": 1}}', ["vars", "q"]), 22);
 * equal(locateJsonColumn('{"id": "a"}', ["label"]), 1);
 * ```
 */
export function locateJsonColumn(line: string, path: KeyPath): number {
  const columns = new Map<string, number>();
  try {
    scanValue(line, { index: skipSpaces(line, 0), path: [], columns });
  } catch {
    // The line parsed as JSON before it got here; a partial map is still an answer.
  }
  for (let length = path.length; length > 0; length--) {
    const found = columns.get(JSON.stringify(path.slice(0, length)));
    if (found !== undefined) return found;
  }
  return 1;
}

interface ScanState {
  index: number;
  path: (string | number)[];
  columns: Map<string, number>;
}

function scanValue(text: string, state: ScanState): number {
  const char = text[state.index];
  if (char === "{") return scanObject(text, state);
  if (char === "[") return scanArray(text, state);
  if (char === '"') return skipString(text, state.index);
  let end = state.index;
  while (end < text.length && !",]} \t\r\n".includes(text[end])) end++;
  return end;
}

function scanObject(text: string, state: ScanState): number {
  let index = skipSpaces(text, state.index + 1);
  while (index < text.length && text[index] !== "}") {
    const keyStart = index;
    const keyEnd = skipString(text, index);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    const path = [...state.path, key];
    remember(state.columns, path, keyStart + 1);
    index = skipSpaces(text, keyEnd);
    index = skipSpaces(text, index + 1); // the colon
    index = scanValue(text, { ...state, index, path });
    index = skipSpaces(text, index);
    if (text[index] === ",") index = skipSpaces(text, index + 1);
    else break;
  }
  return index + 1;
}

function scanArray(text: string, state: ScanState): number {
  let index = skipSpaces(text, state.index + 1);
  let item = 0;
  while (index < text.length && text[index] !== "]") {
    const path = [...state.path, item];
    remember(state.columns, path, index + 1);
    index = skipSpaces(text, scanValue(text, { ...state, index, path }));
    if (text[index] === ",") index = skipSpaces(text, index + 1);
    else break;
    item++;
  }
  return index + 1;
}

function remember(columns: Map<string, number>, path: KeyPath, column: number): void {
  const key = JSON.stringify(path);
  if (!columns.has(key)) columns.set(key, column);
}

/** The index just past the string that opens at `start`. */
function skipString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
  return index + 1;
}

function skipSpaces(text: string, start: number): number {
  let index = start;
  while (index < text.length && " \t\r\n".includes(text[index])) index++;
  return index;
}
