import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JanusMcpDeps } from './deps.js';
import { registerBlastRadius } from './tools/blast-radius.js';
import { registerExplainFinding } from './tools/explain-finding.js';
import { registerListAtRisk } from './tools/list-at-risk.js';
import { registerModelIncidents } from './tools/model-incidents.js';
import { registerScanModel } from './tools/scan-model.js';
import { registerScoreHistory } from './tools/score-history.js';
import { registerTrustModel } from './tools/trust-model.js';

export type { JanusMcpDeps } from './deps.js';

const INSTRUCTIONS =
  'Janus judges ML models from their upstream lineage in DataHub. Ask trust_model whether a model can be trusted; ' +
  'explain_finding goes deep on one finding and says what to do; list_at_risk_models and score_history read recorded scans; ' +
  'blast_radius lists the models a dataset reaches; model_incidents lists the incidents Janus raised. Models go by urn or name.';

/** The Janus MCP server with its tools registered. No I/O happens until a client calls a tool. */
export function createJanusMcpServer(deps: JanusMcpDeps): McpServer {
  const server = new McpServer({ name: 'janus', version: deps.version ?? '0.0.0' }, { instructions: INSTRUCTIONS });
  for (const register of [
    registerTrustModel,
    registerExplainFinding,
    registerListAtRisk,
    registerBlastRadius,
    registerModelIncidents,
    registerScoreHistory,
    registerScanModel,
  ])
    register(server, deps);
  return server;
}
