import { parse, TomlError } from "smol-toml";
import { SuiteLoadError, suiteLoadErrorFromIssues } from "../process/refusals.ts";
import { tomlKeyLabel } from "./key_label.ts";
import { issueAt, type Locate } from "./locate.ts";
import { TOO_DEEP_MESSAGE, tooDeepPath } from "../../core/nesting.ts";
import { createTomlLocator } from "./toml_locator.ts";

/**
 * Parses a TOML file, refusing text that is not TOML, or nests too deeply, at its line and
 * column; what it holds is left to the suite's generated validator or its schema
 * (toml_document.ts). Apart from the schema's code so that a suite the validator reads loads no
 * zod.
 */
export function readTomlDocument(
  text: string,
  options: { file: string },
): { raw: unknown; locate: Locate } {
  const { file } = options;
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message repeats the text around the error below its first line.
    const message = error.message.split("\n")[0].replace(/^Invalid TOML document: /, "");
    throw new SuiteLoadError(`not valid TOML: ${message}`, {
      file,
      line: error.line,
      column: error.column,
      cause: error,
    });
  }
  const locator = createTomlLocator(text);
  const locate: Locate = (keyPath) => {
    const { line, column } = locator(keyPath);
    return { file, line, column, key: tomlKeyLabel(keyPath) };
  };
  const deep = tooDeepPath(raw);
  if (deep !== undefined) {
    throw suiteLoadErrorFromIssues([issueAt(locate, { path: deep, message: TOO_DEEP_MESSAGE })]);
  }
  return { raw, locate };
}
