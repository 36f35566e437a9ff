import { authorize, canReportOperation } from '../../auth/checks.js';
import type { SimContext } from '../../schema/context.js';
import { badRequest } from '../../schema/errors.js';
import { compact, requireUrn, stringMap, upsertTimeseries } from './gms-rules.js';

interface ReportOperationInput {
  urn: string;
  operationType: string;
  customOperationType?: string | null;
  sourceType: string;
  customProperties?: { key: string; value?: string | null }[] | null;
  partition?: string | null;
  numAffectedRows?: number | null;
  timestampMillis?: number | null;
}

/** ReportOperationResolver.SUPPORTED_ENTITY_TYPES: the entities whose registry entry has `operation`. */
const SUPPORTED_ENTITY_TYPES = ['dataset'];

/**
 * ReportOperationResolver: an `operation` timeseries event stamped with the token's actor;
 * `timestampMillis` and `lastUpdatedTimestamp` are both the given time or now. DataHub checks the entity
 * type but not that the dataset exists. The SDL types the result as String, so the `true` the resolver
 * returns reaches the client as "true".
 */
export function reportOperation(_: unknown, { input }: { input: ReportOperationInput }, ctx: SimContext): boolean {
  const kind = requireUrn(input.urn).entityType;
  authorize(ctx, canReportOperation(ctx, input.urn));
  if (!SUPPORTED_ENTITY_TYPES.includes(kind)) {
    throw badRequest(`Unable to report operation. Invalid entity type ${kind} provided.`);
  }
  const timestampMillis = input.timestampMillis ?? ctx.now();
  const operation = compact({
    timestampMillis,
    actor: ctx.actor,
    operationType: input.operationType,
    customOperationType: input.customOperationType,
    numAffectedRows: input.numAffectedRows,
    lastUpdatedTimestamp: timestampMillis,
    sourceType: input.sourceType,
    partitionSpec: input.partition != null ? { type: 'PARTITION', partition: input.partition } : undefined,
    customProperties: input.customProperties ? stringMap(input.customProperties) : undefined,
  });
  upsertTimeseries(ctx.store, input.urn, 'operation', operation);
  return true;
}
