/** The version of every `--json` document; keys are only added within a version. */
export const OUTPUT_VERSION = 1;
