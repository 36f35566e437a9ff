import { z } from 'zod';
import { entityTypeOf } from '../../urn.js';
import { registeredEntity } from './entity-keys.js';
import { urnProblem } from './urn-validation.js';

/**
 * zod building blocks shaped after DataHub's PDL: records keep fields they do not name (GMS trims unrecognised
 * fields, `RecordTemplateValidator.validateTrim`; the simulator keeps them), required fields are required unless
 * the PDL gives them a default (`RequiredMode.CAN_BE_ABSENT_IF_HAS_DEFAULT`), optional ones are `.optional()`.
 * Values have been normalised first (`normalise.ts`): union keys are `com.linkedin.*`, nulls are gone.
 */

export const record = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
export const string = z.string();
export const boolean = z.boolean();
/** `long`, `int`, `double`, `float`: Pegasus's NORMAL coercion turns one number type into another, never a string. */
export const number = z.number();
export const stringMap = z.record(z.string(), z.string());
export const enumOf = <T extends readonly [string, ...string[]]>(symbols: T) => z.enum(symbols);

/**
 * A `Urn` typeref (`com.linkedin.common.Urn`, or a typed one such as `DatasetUrn`): it must parse, name an entity of
 * the registry with its key parts, and, when typed, be a urn of that entity.
 */
export const urn = (entityType?: string) =>
  z.string().superRefine((value, ctx) => {
    const problem = urnProblem(value);
    if (problem) {
      const message = problem.syntax
        ? 'is not a valid Urn (urn:li:<entityType>:<key>)'
        : `is not a valid urn: ${problem.message}`;
      return void ctx.addIssue({ code: 'custom', message });
    }
    const type = entityTypeOf(value)!;
    if (entityType && registeredEntity(type) !== entityType) {
      ctx.addIssue({ code: 'custom', message: `is a ${type} urn, where a ${entityType} urn is expected` });
    }
  });

/** `AuditStamp.pdl`: when (`time`, required) and by whom (`actor`, required). */
export const auditStamp = record({
  time: number,
  actor: urn(),
  impersonator: urn().optional(),
  message: string.optional(),
});

/** `TimeStamp.pdl`: `time` required, `actor` optional. */
export const timeStamp = record({ time: number, actor: urn().optional() });

/** `TimeseriesAspectBase.pdl`, included by every timeseries aspect. */
export const timeseriesBase = {
  timestampMillis: number,
  eventGranularity: record({ unit: string, multiple: number.optional() }).optional(),
  partitionSpec: record({ partition: string.optional(), type: string.optional() }).optional(),
  messageId: string.optional(),
};

/** `Edge.pdl` (lineage edges of data jobs and data process instances). */
export const edge = record({
  sourceUrn: urn().optional(),
  destinationUrn: urn(),
  created: auditStamp.optional(),
  lastModified: auditStamp.optional(),
  properties: stringMap.optional(),
});
