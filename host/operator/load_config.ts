import { parse, TomlError } from "smol-toml";
import { type OperatorConfig, OperatorConfigSchema } from "../../core/operator/config.ts";
import { readNamedFile } from "../read_named_file.ts";
import { SuiteLoadError, suiteLoadErrorFromIssues } from "../refusals.ts";
import { describeIssues } from "../suite_loader/describe_issue.ts";
import { tomlKeyLabel } from "../suite_loader/key_label.ts";
import { issueAt } from "../suite_loader/locate.ts";
import { createTomlLocator } from "../suite_loader/toml_locator.ts";

/** operator.toml as read: the validated configuration and the text it came from. */
export interface LoadedOperatorConfig {
  config: OperatorConfig;
  text: string;
}

/**
 * Reads and validates operator.toml, refusing any problem at the line and column of its key,
 * as a suite is refused. The operator only ever reads this file.
 */
export async function loadOperatorConfig(path: string): Promise<LoadedOperatorConfig> {
  const text = await readNamedFile(path, { display: path, what: "operator configuration" });
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new SuiteLoadError(`not valid TOML: ${error.message.split("\n")[0]}`, {
      file: path,
      line: error.line,
      column: error.column,
      cause: error,
    });
  }
  const parsed = OperatorConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const locator = createTomlLocator(text);
    const issues = describeIssues(parsed.error.issues).map((issue) =>
      issueAt((keyPath) => ({
        file: path,
        ...locator(keyPath),
        key: tomlKeyLabel(keyPath),
      }), issue)
    );
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    throw suiteLoadErrorFromIssues(issues);
  }
  return { config: parsed.data, text };
}
