/**
 * How many rows `list` and `log` give when not told (CLI and MCP alike): a screenful, the
 * newest. A store of ten thousand runs printed whole is no reading for a person or an agent.
 */
export const DEFAULT_ROW_LIMIT = 20;
