// The DataHub simulator's public entry: start it, read its traffic stats, export its store, or mount its CLI.
export { startSim, type RunningSim, type SimOptions } from './server.js';
export { ingestProposal, ingestProposalBatch, type IngestResponse, type Proposal } from './ingest-client.js';
export { simCommand, type SimCommandDeps } from './command.js';
export { exportStore, exportStoreText, formatMetadataFile, type ExportedMcp } from './export.js';
export { FAULT_KINDS, mulberry32, type FaultKind } from './faults.js';
export { WriteFaults, type WriteFault } from './write-faults.js';
export type { Stats } from './stats.js';
export { Store } from './store.js';
export type { LoadIssue, LoadReport } from './load/index.js';
