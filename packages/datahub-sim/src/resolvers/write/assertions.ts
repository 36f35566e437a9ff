import { authorize, canEditAssertions } from '../../auth/checks.js';
import type { SimContext } from '../../schema/context.js';
import { entityRef, type EntityRef } from '../../schema/entity-ref.js';
import { SimError, badRequest } from '../../schema/errors.js';
import { schemaFieldUrn } from '../../urn.js';
import { compact, requireUrn, stringMap, upsertTimeseries } from './gms-rules.js';

interface UpsertCustomAssertionInput {
  entityUrn: string;
  type: string;
  description: string;
  fieldPath?: string | null;
  platform: { urn?: string | null; name?: string | null };
  externalUrl?: string | null;
  logic?: string | null;
}

interface AssertionResultInput {
  timestampMillis?: number | null;
  type: 'INIT' | 'SUCCESS' | 'FAILURE' | 'ERROR';
  properties?: { key: string; value?: string | null }[] | null;
  externalUrl?: string | null;
  error?: { type: string; message: string } | null;
  severity?: 'LOW' | 'MEDIUM' | 'HIGH' | null;
}

/** UpsertCustomAssertionResolver.mapAssertionPlatform: a platform urn, or one built from its name. */
function platformUrn(platform: UpsertCustomAssertionInput['platform']): string {
  if (platform.urn) {
    requireUrn(platform.urn);
    return platform.urn;
  }
  if (platform.name) return `urn:li:dataPlatform:${platform.name}`;
  throw badRequest('Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.');
}

/**
 * UpsertCustomAssertionResolver + AssertionService.upsertCustomAssertion: writes a CUSTOM `assertionInfo`
 * (replacing any previous one) and `dataPlatformInstance` at the given urn, or at a new random urn.
 * DataHub does not check that the asserted entity exists or is a dataset; neither does the simulator.
 */
export function upsertCustomAssertion(
  _: unknown,
  { urn, input }: { urn?: string | null; input: UpsertCustomAssertionInput },
  ctx: SimContext,
): EntityRef | null {
  requireUrn(input.entityUrn);
  if (urn) requireUrn(urn);
  authorize(ctx, canEditAssertions(ctx, input.entityUrn));
  const assertionUrn = urn ?? `urn:li:assertion:${ctx.newId()}`;
  const platform = platformUrn(input.platform);
  const customAssertion = compact({
    type: input.type,
    entity: input.entityUrn,
    field: input.fieldPath != null ? schemaFieldUrn(input.entityUrn, input.fieldPath) : undefined,
    logic: input.logic,
  });
  const info = compact({
    type: 'CUSTOM',
    description: input.description,
    externalUrl: input.externalUrl,
    source: { type: 'EXTERNAL' },
    customAssertion,
  });
  ctx.store.write(assertionUrn, 'assertionInfo', info);
  ctx.store.write(assertionUrn, 'dataPlatformInstance', { platform });
  return entityRef(assertionUrn);
}

/** The sub-record of `assertionInfo` that names the asserted entity, by assertion type (AssertionUtils). */
const ASSERTEE_FIELD: Record<string, [string, string]> = {
  DATASET: ['datasetAssertion', 'dataset'],
  FRESHNESS: ['freshnessAssertion', 'entity'],
  VOLUME: ['volumeAssertion', 'entity'],
  SQL: ['sqlAssertion', 'entity'],
  FIELD: ['fieldAssertion', 'entity'],
  DATA_SCHEMA: ['schemaAssertion', 'entity'],
  CUSTOM: ['customAssertion', 'entity'],
};

/** AssertionService.getEntityUrnForAssertion. */
export function asserteeOf(ctx: SimContext, assertionUrn: string): string | undefined {
  const info = ctx.store.aspect<Record<string, unknown>>(assertionUrn, 'assertionInfo');
  const [record, field] = ASSERTEE_FIELD[String(info?.type)] ?? [];
  if (!info || !record || !field) return undefined;
  const sub = info[record] as Record<string, unknown> | undefined;
  return typeof sub?.[field] === 'string' ? (sub[field] as string) : undefined;
}

/** ReportAssertionResultResolver.mapAssertionResult: the error is kept only for an ERROR result. */
function mapResult(input: AssertionResultInput): Record<string, unknown> {
  return compact({
    type: input.type,
    externalUrl: input.externalUrl,
    error:
      input.type === 'ERROR' && input.error
        ? { type: input.error.type, properties: { message: input.error.message } }
        : undefined,
    nativeResults: input.properties?.length ? stringMap(input.properties) : undefined,
    severity: input.severity,
  });
}

/**
 * ReportAssertionResultResolver + AssertionService.addAssertionRunEvent: a COMPLETE `assertionRunEvent`
 * on the assertion, against the entity it asserts; `runId` is the timestamp. Reporting twice at the same
 * timestamp replaces the earlier event (DataHub's timeseries document key).
 */
export function reportAssertionResult(
  _: unknown,
  { urn, result }: { urn: string; result: AssertionResultInput },
  ctx: SimContext,
): boolean {
  requireUrn(urn);
  const assertee = asserteeOf(ctx, urn);
  if (!assertee) {
    throw new SimError(
      'SERVER_ERROR',
      `Failed to report Assertion Run Event. Assertion with urn ${urn} does not exist or is not associated with any entity.`,
    );
  }
  authorize(ctx, canEditAssertions(ctx, assertee));
  const timestampMillis = result.timestampMillis ?? ctx.now();
  upsertTimeseries(ctx.store, urn, 'assertionRunEvent', {
    timestampMillis,
    runId: String(timestampMillis),
    assertionUrn: urn,
    asserteeUrn: assertee,
    status: 'COMPLETE',
    result: mapResult(result),
  });
  return true;
}
