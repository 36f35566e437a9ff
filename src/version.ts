/** Janus's version, as `janus --version` and the MCP server report it. */
export const VERSION = '0.1.0';
