import { z } from 'zod';
import { redactText, type Logger } from '../../log.js';
import { NotGraphQLError, refusingNonJson } from '../not-graphql.js';
import { DataHubError, graphqlError, malformed, unauthorized, unreachable } from '../errors.js';
import { withRetries, type RetryPolicy } from '../retry.js';
import { apiOfRelease, CURRENT_API, OLDEST_SUPPORTED, releaseOf, type ApiGeneration } from './api-generation.js';

/** What Janus knows of the DataHub it talks to. */
export interface ServerVersion {
  /** The version GMS reported at `GET /config` (e.g. `v1.2.0`); null when it said none. */
  reported: string | null;
  /** DataHub Cloud (`datahub.serverEnv` other than `core`), whose versions count apart (0.3.x). */
  cloud: boolean;
  /** The API generation Janus speaks to it. */
  api: ApiGeneration;
}

const OPERATION = 'GET /config';

/**
 * GMS's `/config` (metadata-service/servlet Config.java): `versions["acryldata/datahub"].version`, from GitVersion
 * (`linkedin/datahub` before the project moved, in releases long before v1.0), and `datahub.serverEnv` (`core`, or
 * DataHub Cloud's, as DataHub's Java client ServerConfig.isCloud reads it). Everything else is ignored.
 */
const ConfigSchema = z.object({
  versions: z.record(z.string(), z.object({ version: z.string().nullish() }).nullish()).nullish(),
  datahub: z.object({ serverEnv: z.string().nullish() }).nullish(),
});

/** DataHub is older than Janus supports: one line, naming both versions. The CLI exits 3 (DataHub unusable). */
export const unsupportedVersion = (reported: string) =>
  new DataHubError(
    `DataHub ${reported} is older than Janus supports: DataHub ${OLDEST_SUPPORTED} or later is needed`,
    'datahub.unsupported',
    OPERATION,
  );

export interface ReadVersionOptions {
  /** GMS base URL (`DATAHUB_GMS_URL`), without credentials. */
  url: string;
  /** The Authorization header every request carries (the bearer token, or a proxy's Basic credentials). */
  authorization?: string;
  timeoutMs: number;
  retry: RetryPolicy;
  logger?: Logger;
}

/**
 * Asks GMS its version (`GET /config`) and picks the API generation to speak. A DataHub older than v1.0.0 throws
 * `unsupportedVersion`. No `/config` (404: a proxy passing only /api/graphql; every GMS since long before v1.0 has
 * it), or a version Janus cannot read, is said once as a warning and taken as the newest generation.
 */
export async function readServerVersion(options: ReadVersionOptions): Promise<ServerVersion> {
  const body = await withRetries(
    () => fetchConfig(options),
    (err) => ({ retry: (err as { retryable?: boolean }).retryable === true }),
    options.retry,
  );
  const unknown = (why: string): ServerVersion => {
    options.logger?.warn({ why, assumed: CURRENT_API }, 'DataHub did not say its version: Janus assumes a current one');
    return { reported: null, cloud: false, api: CURRENT_API };
  };
  if (body === null) return unknown('GET /config answered 404');
  const parsed = ConfigSchema.safeParse(body);
  if (!parsed.success) throw malformed(OPERATION, parsed.error.issues[0]?.message ?? 'unexpected body');
  const { versions, datahub } = parsed.data;
  const reported = versions?.['acryldata/datahub']?.version ?? versions?.['linkedin/datahub']?.version ?? null;
  const serverEnv = datahub?.serverEnv;
  const cloud = serverEnv != null && serverEnv !== 'core';
  if (!reported) return unknown('GET /config names no version');
  // DataHub Cloud numbers its releases apart (v0.3.x) and runs ahead of the open-source releases.
  if (cloud) return { reported, cloud, api: CURRENT_API };
  const release = releaseOf(reported);
  if (!release) return { ...unknown(`GET /config reports version ${JSON.stringify(reported)}`), reported };
  const api = apiOfRelease(release);
  if (!api) throw unsupportedVersion(reported);
  return { reported, cloud, api };
}

/** The parsed body of `/config`, or null when GMS answers 404. */
async function fetchConfig({ url, authorization, timeoutMs }: ReadVersionOptions): Promise<unknown> {
  let res: Response;
  try {
    res = await refusingNonJson((input, init) => fetch(input, init))(`${url.replace(/\/+$/, '')}/config`, {
      headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    // a login page in front of DataHub: said short, and not asked again
    if (err instanceof NotGraphQLError) throw malformed(OPERATION, redactText(err.message));
    const e = err as { name?: string; cause?: { code?: string } };
    const detail = e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? 'network error');
    throw Object.assign(unreachable(OPERATION, detail), { retryable: true });
  }
  if (res.status === 404) return null;
  if (res.status === 401) throw unauthorized(OPERATION);
  if (!res.ok)
    throw Object.assign(graphqlError(OPERATION, `HTTP ${res.status}`, res.status), { retryable: res.status >= 500 });
  try {
    return await res.json();
  } catch {
    throw malformed(OPERATION, `HTTP ${res.status} ${res.headers.get('content-type') ?? ''}, not JSON`.trim());
  }
}
