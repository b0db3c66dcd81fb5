import { REDACTABLE, type Redactable } from "../../core/suite/redaction.ts";
import { UsageError } from "../../host/process/refusals.ts";

/** `--redact outputs,vars` read into the kinds it names; a kind digline does not know is refused. */
export function redactOption(value: string | undefined, command: string): Redactable[] {
  if (value === undefined) return [];
  const kinds: Redactable[] = [];
  for (const word of value.split(",").map((w) => w.trim())) {
    const kind = REDACTABLE.find((k) => k === word);
    if (kind === undefined) {
      throw new UsageError(
        `${command}: --redact ${JSON.stringify(value)}: ${
          JSON.stringify(word)
        } is not a payload digline redacts; name ${REDACTABLE.join(", ")} or both, comma-separated`,
      );
    }
    kinds.push(kind);
  }
  return kinds;
}
