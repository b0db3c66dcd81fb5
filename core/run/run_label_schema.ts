import { z } from "zod";
import { RUN_LABEL_LIMIT, RUN_LABEL_PATTERN } from "./run_label.ts";

/** `run --label`: a person's name for a run, as every document that carries it declares it. */
export const RunLabelSchema = z.string().max(RUN_LABEL_LIMIT).regex(RUN_LABEL_PATTERN);
