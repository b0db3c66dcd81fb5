import { z } from "zod";
import { SUITE_NAME, SUITE_NAME_MESSAGE } from "./suite_name.ts";

/** A suite name: it names files in the store, so it is kept to a safe alphabet. */
export const SuiteNameSchema = z.string().min(1).max(100).regex(SUITE_NAME, SUITE_NAME_MESSAGE);
