import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { DEFAULT_GATE_SETTINGS } from "../../../core/suite/gate_defaults.ts";
import { GateSettingsSchema } from "../../../core/suite/gate_settings.ts";

Deno.test("the gate defaults written out are the schema's, key for key and in its order", () => {
  // Written apart from the schema so comparing loads no zod; the schema stays their source.
  assertEquals(JSON.stringify(DEFAULT_GATE_SETTINGS), JSON.stringify(GateSettingsSchema.parse({})));
});
