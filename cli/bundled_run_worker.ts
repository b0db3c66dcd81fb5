/**
 * The entry of the bundle's `run_worker.js` (tools/bundle.ts): the MCP server's run worker. It
 * sits beside the bundle's other entries so that all of them, and the chunks they share, are
 * written into one folder.
 *
 * @module
 */
import "../mcp/run_worker.ts";
