import { z } from 'zod';
import { redactText } from '../log.js';
import { graphqlError, malformed, unauthorized, unreachable, type DataHubError } from './errors.js';

/**
 * GMS's Rest.li ingestion endpoint, as DataHub's own REST emitter calls it (`DataHubRestEmitter.emit_mcps`): an aspect
 * written at a urn the client chooses. Janus writes through it only what GraphQL cannot write idempotently (an
 * incident at a deterministic urn: docs/datahub.md, "Idempotency"). `AspectResource.ingestProposalBatch` answers
 * `{"value": "success"}`; it checks the ENTITY API privilege of each proposal's urn (`EDIT_ENTITY`, or `CREATE_ENTITY`
 * for a new one: PoliciesConfig.API_PRIVILEGE_MAP) and answers 403 without it, 422 for an aspect its schema refuses.
 */
export interface Proposal {
  entityType: string;
  entityUrn: string;
  aspectName: string;
  aspect: Record<string, unknown>;
}

const answer = z.object({ value: z.string() });
const restliError = z.object({ message: z.string().optional() }).loose();

export type IngestFailure = DataHubError & { retryable?: 'never-sent' | 'ambiguous' | 'throttled' | 'timed-out' };

/** The request body of `ingestProposalBatch`: each aspect as a JSON string, as the emitter serialises it. */
export const ingestBody = (proposals: Proposal[]) => ({
  proposals: proposals.map((p) => ({
    entityType: p.entityType,
    entityUrn: p.entityUrn,
    changeType: 'UPSERT',
    aspectName: p.aspectName,
    aspect: { value: JSON.stringify(p.aspect), contentType: 'application/json' },
  })),
  async: 'false',
});

/** Posts one batch of proposals; throws a DataHubError (marked retryable as the GraphQL client marks them). */
export async function postProposals(
  gmsUrl: string,
  /** The Authorization header (the bearer token, or a proxy's Basic credentials). */
  authorization: string | undefined,
  name: string,
  proposals: Proposal[],
  timeoutMs: number,
  /** Ends the request early (the deadline of the work it belongs to). */
  signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${gmsUrl.replace(/\/+$/, '')}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-restli-protocol-version': '2.0.0',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(ingestBody(proposals)),
      signal: signal ? AbortSignal.any([AbortSignal.timeout(timeoutMs), signal]) : AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw networkFailure(name, err);
  }
  const text = await res.text().catch(() => '');
  if (res.status === 401) throw unauthorized(name);
  if (res.status >= 500 || res.status === 429) {
    const kind = res.status === 429 || res.status === 503 ? 'throttled' : 'ambiguous';
    throw Object.assign(graphqlError(name, `HTTP ${res.status}`, res.status), { retryable: kind });
  }
  const body = parseJson(text);
  if (!res.ok) {
    const message = restliError.safeParse(body).data?.message ?? `HTTP ${res.status}`;
    throw graphqlError(name, redactText(message), res.status);
  }
  if (!answer.safeParse(body).success) throw malformed(name, `unexpected answer ${redactText(text.slice(0, 200))}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function networkFailure(name: string, err: unknown): IngestFailure {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return Object.assign(unreachable(name, 'timed out'), { retryable: 'timed-out' as const });
  const code = e.cause?.code;
  return Object.assign(unreachable(name, code ?? e.cause?.message ?? e.message ?? 'network error'), {
    retryable: code && NEVER_SENT.has(code) ? ('never-sent' as const) : ('ambiguous' as const),
  });
}
