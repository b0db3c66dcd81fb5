/**
 * The tools the MCP server offers: the commands that read, run or re-grade, and nothing that approves.
 *
 * @module
 */
import type { DiglineTool } from "../tool.ts";
import { compareTool } from "./compare.ts";
import { diffTool } from "./diff.ts";
import { explainTool } from "./explain.ts";
import { listTool } from "./list.ts";
import { logTool } from "./log.ts";
import { rejudgeTool } from "./rejudge.ts";
import { reportTool } from "./report.ts";
import { runTool } from "./run.ts";
import { viewTool } from "./view.ts";

/** Every tool, in the order a client lists them. There is no promote tool, on purpose. */
export const TOOLS: readonly DiglineTool[] = [
  runTool,
  rejudgeTool,
  listTool,
  viewTool,
  logTool,
  compareTool,
  explainTool,
  reportTool,
  diffTool,
];
