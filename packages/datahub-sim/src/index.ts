// The DataHub simulator's public entry: start it, read its traffic stats, export its store, or mount its CLI.
export { startSim, type RunningSim, type SimOptions } from './http/server.js';
export { DATAHUB_RELEASES, REPORTED_VERSION, isDataHubRelease, type DataHubRelease } from './release/releases.js';
export { ingestProposal, ingestProposalBatch, type IngestResponse, type Proposal } from './http/ingest-client.js';
export { simCommand, type SimCommandDeps } from './cli/command.js';
export { exportStore, exportStoreText, formatMetadataFile, type ExportedMcp } from './store/export.js';
export { FAULT_KINDS, faultPicker, mulberry32, type FaultKind } from './controls/faults.js';
export { WriteFaults, type WriteFault } from './controls/write-faults.js';
export { FieldFaults, type FieldFault } from './controls/field-faults.js';
export { SlowAnswers, type SlowAnswer } from './controls/slow-answers.js';
export { Throttle } from './controls/throttle.js';
export { DEFAULT_REQUEST_TIMEOUT_MS } from './http/request-timeout.js';
export type { LoggedRequest } from './controls/request-log.js';
export type { Stats } from './controls/stats.js';
export { Store } from './store/store.js';
export type { LoadIssue, LoadReport } from './loaders/index.js';
