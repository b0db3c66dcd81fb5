import type { z } from "zod";
import {
  BaselineDocumentSchema,
  RunDocumentSchema,
  TargetSettingsSchema,
} from "../core/run/run_document.ts";
import { RunSynopsisSchema } from "../core/run/run_synopsis_schema.ts";
import { ScoreSchema } from "../core/verdict.ts";
import { CaseSchema } from "../core/suite/case.ts";
import { AggregateSpecSchema } from "../core/suite/aggregate_spec.ts";
import { GateSettingsSchema } from "../core/suite/gate_settings.ts";
import { ReportSettingsSchema } from "../core/suite/report_settings.ts";
import { JournalHeaderSchema } from "../host/journal/journal_read.ts";
import { LockOwnerSchema } from "../host/store/run_lock_schema.ts";
import { TomlSuiteSchema } from "../host/suite_loader/suite_schema.ts";
import { ProjectConfigSchema } from "../core/project_config/project_config_schema.ts";
import { ModelConnectionShape } from "../core/model/connection_shape.ts";

/**
 * Every shape a reader checks with a generated validator (core/generated/validators.js), by the
 * name its validator is exported under (`validate` + name). The zod schema is the one source:
 * `deno task generate:validators` writes the validators from these, and the readers import the
 * schema only to word a refusal.
 */
export const VALIDATED_SHAPES: Readonly<Record<string, z.ZodType>> = {
  RunSynopsis: RunSynopsisSchema,
  RunDocument: RunDocumentSchema,
  BaselineDocument: BaselineDocumentSchema,
  JournalHeader: JournalHeaderSchema,
  LockOwner: LockOwnerSchema,
  Score: ScoreSchema,
  Case: CaseSchema,
  AggregateSpec: AggregateSpecSchema,
  GateSettings: GateSettingsSchema,
  ReportSettings: ReportSettingsSchema,
  TomlSuite: TomlSuiteSchema,
  ProjectConfig: ProjectConfigSchema,
};

/**
 * Every shape whose keys a path that loads no zod walks in the schema's order, by the name its
 * key list is exported under (name + `Keys`), beside the validators.
 */
export const KEYED_SHAPES: Readonly<Record<string, z.ZodObject>> = {
  TargetSettings: TargetSettingsSchema,
};

/**
 * Every shape whose keys code that loads no zod lists, by the name its list is exported under
 * (name + `Keys`) from core/generated/schema_facts.js: the schema's keys, in its order.
 */
export const LISTED_KEYS: Readonly<Record<string, object>> = {
  ModelConnection: ModelConnectionShape,
};

/**
 * Every shape whose defaults code that loads no zod fills in, by the name they are exported
 * under (name + `Defaults`) from core/generated/schema_facts.js: what the schema returns for `{}`.
 */
export const LISTED_DEFAULTS: Readonly<Record<string, z.ZodType>> = {
  GateSettings: GateSettingsSchema,
};
