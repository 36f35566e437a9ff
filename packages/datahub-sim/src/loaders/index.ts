/** The DataHub metadata file loader: MCE/MCP JSON files (what DataHub's `file` source reads) → the simulator's Store. */
export { loadRecords } from './records.js';
export { loadFiles } from './files.js';
export { formatIssue } from './types.js';
export type { LoadIssue, LoadOptions, LoadReport } from './types.js';
