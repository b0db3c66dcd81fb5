import { type OperatorConfig, OperatorConfigSchema } from "../../core/operator/config.ts";
import { readNamedFile } from "../files/read_named_file.ts";
import { parseTomlDocument } from "../suite_loader/toml_document.ts";

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
  const { data } = parseTomlDocument(text, { file: path, schema: OperatorConfigSchema });
  return { config: data, text };
}
