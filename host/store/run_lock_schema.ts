import { z } from "zod";
import type { SameType } from "../../core/same_type.ts";
import type { LockOwner } from "./run_lock_owner.ts";

/** The schema of a run lock's owner: the source of its generated validator (ADR 0077). */
export const LockOwnerSchema = z.strictObject({
  pid: z.number().int(),
  host: z.string(),
  started_at: z.string(),
});
const _owner: SameType<LockOwner, z.infer<typeof LockOwnerSchema>> = true;
