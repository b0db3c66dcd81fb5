import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { MODEL_CONNECTION_KEYS } from "../../../core/model/connection.ts";
import { ModelConnectionShape } from "../../../core/model/connection_shape.ts";

Deno.test("the connection keys written out are the connection schema's keys, in its order", () => {
  assertEquals(MODEL_CONNECTION_KEYS, Object.keys(ModelConnectionShape));
});
