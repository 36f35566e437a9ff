import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { parseSchemaFieldUrn } from '../../urn.js';
import { auditStamp, enumOut } from './mappers.js';
import { aspectOf, baseFields, pick, platformRef } from './entity-base.js';
import { rawAspectsField } from './raw-aspects.js';
import { num, obj, orNull, str, type Raw } from './raw.js';
import { timeseriesWindow, type TimeseriesArgs } from './timeseries.js';

const ASSERTION_TYPES = ['DATASET', 'FRESHNESS', 'VOLUME', 'SQL', 'FIELD', 'DATA_SCHEMA', 'CUSTOM'];
const RESULT_TYPES = ['INIT', 'SUCCESS', 'FAILURE', 'ERROR'];
const ERROR_TYPES = [
  'SOURCE_CONNECTION_ERROR',
  'SOURCE_QUERY_FAILED',
  'INVALID_PARAMETERS',
  'INSUFFICIENT_DATA',
  'INVALID_SOURCE_TYPE',
  'UNSUPPORTED_PLATFORM',
  'CUSTOM_SQL_ERROR',
  'FIELD_ASSERTION_ERROR',
  'UNKNOWN_ERROR',
];
const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'];
const INTERVALS = ['SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/** AssertionMapper: an assertion without a dataPlatformInstance gets the `unknown` platform. */
const UNKNOWN_PLATFORM = 'urn:li:dataPlatform:unknown';

function freshnessOut(raw: Raw | undefined) {
  if (!raw) return null;
  const schedule = obj(raw.schedule);
  const cron = obj(schedule?.cron);
  const fixed = obj(schedule?.fixedInterval);
  return {
    entityUrn: str(raw.entity) ?? '',
    type: enumOut(raw.type, ['DATASET_CHANGE', 'DATA_JOB_RUN']),
    schedule: schedule
      ? {
          type: enumOut(schedule.type, ['CRON', 'FIXED_INTERVAL', 'SINCE_THE_LAST_CHECK']),
          cron: cron
            ? {
                cron: str(cron.cron) ?? '',
                timezone: str(cron.timezone) ?? '',
                windowStartOffsetMs: orNull(num(cron.windowStartOffsetMs)),
              }
            : null,
          fixedInterval: fixed ? { unit: enumOut(fixed.unit, INTERVALS), multiple: num(fixed.multiple) ?? 1 } : null,
        }
      : null,
  };
}

/** AssertionMapper.mapCustomAssertionInfo: the field is `{urn: <schemaField urn>, path: <field path>}`. */
function customOut(raw: Raw | undefined) {
  if (!raw) return null;
  const field = str(raw.field);
  return {
    type: str(raw.type) ?? '',
    entityUrn: str(raw.entity) ?? '',
    field: field ? { urn: field, path: parseSchemaFieldUrn(field)?.fieldPath ?? '' } : null,
    logic: orNull(str(raw.logic)),
  };
}

function infoOut(raw: Raw) {
  return {
    type: enumOut(raw.type, ASSERTION_TYPES),
    description: orNull(str(raw.description)),
    externalUrl: orNull(str(raw.externalUrl)),
    freshnessAssertion: freshnessOut(obj(raw.freshnessAssertion)),
    customAssertion: customOut(obj(raw.customAssertion)),
    lastUpdated: auditStamp(raw.lastUpdated),
  };
}

/** AssertionRunEventMapper. `lastObservedMillis` comes from system metadata the store does not keep. */
function runEventOut(e: Raw) {
  const result = obj(e.result);
  const error = obj(result?.error);
  const nativeResults = obj(result?.nativeResults);
  return {
    timestampMillis: num(e.timestampMillis) ?? 0,
    lastObservedMillis: null,
    assertionUrn: str(e.assertionUrn) ?? '',
    asserteeUrn: str(e.asserteeUrn) ?? '',
    runId: str(e.runId) ?? '',
    status: enumOut(e.status, ['COMPLETE']),
    result: result
      ? {
          type: enumOut(result.type, RESULT_TYPES),
          rowCount: orNull(num(result.rowCount)),
          missingCount: orNull(num(result.missingCount)),
          unexpectedCount: orNull(num(result.unexpectedCount)),
          actualAggValue: orNull(num(result.actualAggValue)),
          externalUrl: orNull(str(result.externalUrl)),
          nativeResults: nativeResults
            ? Object.entries(nativeResults).map(([key, value]) => ({
                key,
                value: value == null ? null : String(value),
              }))
            : null,
          error: error ? { type: enumOut(error.type, ERROR_TYPES) } : null,
          severity: enumOut(result.severity, SEVERITIES),
        }
      : null,
  };
}

interface RunEventArgs extends TimeseriesArgs {
  status?: string | null;
}

/** AssertionRunEventResolver: counts are over the returned (limited) events, COMPLETE ones only. */
function runEvents(s: EntityRef, args: RunEventArgs, ctx: SimContext) {
  const all = ctx.store.indexed().timeseries<Raw>(s.urn, 'assertionRunEvent');
  const byStatus = args.status ? all.filter((e) => e.status === args.status) : all;
  const events = timeseriesWindow(byStatus, args).map(runEventOut);
  const count = (type: string) => events.filter((e) => e.status === 'COMPLETE' && e.result?.type === type).length;
  return {
    total: events.length,
    failed: count('FAILURE'),
    succeeded: count('SUCCESS'),
    errored: count('ERROR'),
    runEvents: events,
  };
}

export const assertionResolvers: ResolverMap = {
  Assertion: {
    ...baseFields('ASSERTION', false),
    ...pick(['status', 'tags']),
    platform: (s: EntityRef, _a, ctx: SimContext) =>
      platformRef(str(aspectOf(ctx, s, 'dataPlatformInstance')?.platform) ?? UNKNOWN_PLATFORM),
    info: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'assertionInfo');
      return raw ? infoOut(raw) : null;
    },
    runEvents,
    aspects: rawAspectsField({ name: 'assertionKey', fields: ['assertionId'] }, [
      'assertionInfo',
      'dataPlatformInstance',
      'assertionActions',
      'status',
      'globalTags',
    ]),
  },
};
