/**
 * Writes to a DataHub GMS (or the simulator) the way DataHub's Python REST emitter does
 * (`DataHubRestEmitter.emit_mcp` / `emit_mcps` over Rest.li): tests and benchmarks use it to change the
 * catalog while Janus runs.
 */

export interface Proposal {
  entityType: string;
  entityUrn: string;
  aspectName: string;
  /** The aspect value; sent JSON-encoded as the emitter sends it. */
  aspect: Record<string, unknown>;
  /** Defaults to UPSERT, as the emitter's MetadataChangeProposalWrapper does. */
  changeType?: 'UPSERT' | 'CREATE' | 'UPDATE' | 'DELETE' | 'PATCH' | 'RESTATE' | 'CREATE_ENTITY';
  /** e.g. `{lastObserved, runId}`; GMS fills in what is missing. */
  systemMetadata?: Record<string, unknown>;
}

export interface IngestOptions {
  token?: string;
  /** Sent as the `async` parameter; the simulator applies proposals before answering either way. */
  async?: boolean;
}

/** What GMS answered: its status and parsed JSON body (`{"value": ...}`, or a Rest.li error body). */
export interface IngestResponse {
  status: number;
  body: unknown;
}

/** The wire form of one proposal: the aspect as a JSON string with its content type. */
export function wireProposal(p: Proposal): Record<string, unknown> {
  return {
    entityType: p.entityType,
    entityUrn: p.entityUrn,
    changeType: p.changeType ?? 'UPSERT',
    aspectName: p.aspectName,
    aspect: {
      value: JSON.stringify(p.aspect),
      contentType: p.changeType === 'PATCH' ? 'application/json-patch+json' : 'application/json',
    },
    ...(p.systemMetadata ? { systemMetadata: p.systemMetadata } : {}),
  };
}

/** POSTs a body to a Rest.li action of `/aspects` with the emitter's headers. */
export async function postAspectsAction(
  gmsUrl: string,
  action: string,
  body: unknown,
  opts: IngestOptions = {},
): Promise<IngestResponse> {
  const headers: Record<string, string> = { 'X-RestLi-Protocol-Version': '2.0.0', 'Content-Type': 'application/json' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${gmsUrl}/aspects?action=${action}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

const asyncParam = (opts: IngestOptions) => (opts.async ? 'true' : 'false');

/** `POST /aspects?action=ingestProposal` with one proposal. */
export const ingestProposal = (gmsUrl: string, proposal: Proposal, opts: IngestOptions = {}): Promise<IngestResponse> =>
  postAspectsAction(gmsUrl, 'ingestProposal', { proposal: wireProposal(proposal), async: asyncParam(opts) }, opts);

/** `POST /aspects?action=ingestProposalBatch` with several proposals. */
export const ingestProposalBatch = (
  gmsUrl: string,
  proposals: Proposal[],
  opts: IngestOptions = {},
): Promise<IngestResponse> =>
  postAspectsAction(
    gmsUrl,
    'ingestProposalBatch',
    { proposals: proposals.map(wireProposal), async: asyncParam(opts) },
    opts,
  );

/** A finished run of a job, to ingest. */
export interface JobRun {
  /** The dataJob the run is an instance of. */
  job: string;
  result: 'FAILURE' | 'SUCCESS';
  /** When it ran (ms): the instance's created time and its run event's timestamp. */
  at: number;
  /** The dataProcessInstance urn, its name, and the ingestion run id its proposals carry. */
  urn: string;
  name: string;
  runId: string;
}

/**
 * The proposals of a finished job run as DataHub's Airflow plugin ingests them: the instance's properties, its
 * relationship to the job (`parentTemplate`), and a COMPLETE run event with the result.
 */
export function jobRunProposals(r: JobRun): Proposal[] {
  const systemMetadata = { runId: r.runId, lastObserved: r.at };
  const instance = { entityType: 'dataProcessInstance', entityUrn: r.urn };
  return [
    {
      ...instance,
      aspectName: 'dataProcessInstanceProperties',
      aspect: {
        customProperties: {},
        name: r.name,
        type: 'BATCH_SCHEDULED',
        created: { time: r.at, actor: 'urn:li:corpuser:airflow' },
      },
      systemMetadata,
    },
    {
      ...instance,
      aspectName: 'dataProcessInstanceRelationships',
      aspect: { parentTemplate: r.job, upstreamInstances: [] },
      systemMetadata,
    },
    {
      ...instance,
      aspectName: 'dataProcessInstanceRunEvent',
      aspect: {
        timestampMillis: r.at,
        partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
        status: 'COMPLETE',
        result: { type: r.result, nativeResultType: 'airflow' },
        attempt: 1,
      },
    },
  ];
}
