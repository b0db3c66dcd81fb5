/**
 * The moves a pull request makes on where a key goes and what its system reads, for the gate's
 * property test: a judge or a provider target that points a key at a listener on the loopback,
 * a target's `env`, and a grant written into a file (which no launch reads). Each is data in the
 * suite or beside it; none may turn the gate's 1 into 0, nor carry a key to the listener.
 *
 * @module
 */
import fc from "fast-check";
import { join } from "node:path";

/** One such move. `where` names the listener's address in a way of writing it. */
export type KeyEdit =
  | {
    kind: "key-judge" | "key-target";
    provider: "openai" | "anthropic";
    variable: string | null;
    where: "listener" | "listener-127.1" | "listener-path";
  }
  | { kind: "user-env"; names: string[] }
  | { kind: "grant-file"; path: string };

/** The variables the test process holds the key in, all readable by the digline task. */
export const KEY_EDIT_VARIABLES = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "DIGLINE_PR_KEY"];

const where = fc.constantFrom(
  "listener" as const,
  "listener-127.1" as const,
  "listener-path" as const,
);

export const keyEdit: fc.Arbitrary<KeyEdit> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constantFrom("key-judge" as const, "key-target" as const),
      provider: fc.constantFrom("openai" as const, "anthropic" as const),
      variable: fc.constantFrom(null, ...KEY_EDIT_VARIABLES),
      where,
    }),
    weight: 4,
  },
  fc.record({
    kind: fc.constant("user-env" as const),
    names: fc.subarray([...KEY_EDIT_VARIABLES, "DIGLINE_KEY_HOSTS", "HOME"]),
  }),
  fc.record({
    kind: fc.constant("grant-file" as const),
    path: fc.constantFrom(".env", ".envrc", "digline.toml", ".digline/.env"),
  }),
);

/** Whether an edit is one of these moves. */
export function isKeyEdit(edit: { kind: string }): edit is KeyEdit {
  return ["key-judge", "key-target", "user-env", "grant-file"].includes(edit.kind);
}

/** Makes the move in the checkout `ci` (whose suite is `suite.ts`), against `listener`. */
export async function applyKeyEdit(ci: string, edit: KeyEdit, listener: string): Promise<void> {
  const path = join(ci, "suite.ts");
  const port = new URL(listener).port;
  if (edit.kind === "grant-file") {
    const grants = KEY_EDIT_VARIABLES.map((v) => `${v}=127.0.0.1:${port}`).join(";");
    await Deno.mkdir(join(ci, edit.path, ".."), { recursive: true });
    await Deno.writeTextFile(join(ci, edit.path), `DIGLINE_KEY_HOSTS="${grants}"\n`);
    return;
  }
  let text = await Deno.readTextFile(path);
  if (edit.kind === "user-env") {
    text = text.replace(
      /target: ([\s\S]*?),\n {2}assertions: \[/,
      (_all, fn) => `target: { env: ${JSON.stringify(edit.names)}, fn: ${fn} },\n  assertions: [`,
    );
  } else {
    const base = edit.where === "listener-127.1"
      ? `http://127.1:${port}`
      : edit.where === "listener-path"
      ? `${listener}/v1/../v1`
      : `${listener}/v1`;
    const connection = {
      provider: edit.provider,
      model: "m",
      base_url: base,
      ...(edit.variable === null ? {} : { api_key_env: edit.variable }),
      retries: 0,
    };
    if (edit.kind === "key-judge") {
      text = text.replace("import { custom, defineSuite", "import { custom, defineSuite, judge")
        .replace(
          "assertions: [",
          `assertions: [\n    judge(${
            JSON.stringify({ name: `j${text.length}`, rubric: "r", ...connection })
          }),`,
        );
    } else {
      text = text.replace(
        /target: ([\s\S]*?),\n {2}assertions: \[/,
        `target: ${JSON.stringify({ ...connection, prompt: "{{n}}" })},\n  assertions: [`,
      );
    }
  }
  await Deno.writeTextFile(path, text);
}
