import { isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { SimError } from '../schema/errors.js';
import { mulberry32 } from './faults.js';

/**
 * A failure planted for one field of one entity: the next `times` resolutions of field `field` (its schema name,
 * e.g. `lineage`, whatever the alias) on the entity `urn` fail as a GMS data fetcher fails. Without `times`, every one.
 */
export interface FieldFault {
  field: string;
  urn: string;
  times?: number;
}

/**
 * The message GMS's fetcher throws. EntityLineageResultResolver wraps its failure as "Failed to fetch lineage for
 * <urn>"; other fetchers' messages vary, and DataHubDataFetcherExceptionHandler answers a failure without one as
 * "An unknown error occurred." (the text used for them here).
 */
const messageOf = (field: string, urn: string) =>
  field === 'lineage' ? `Failed to fetch lineage for ${urn}` : 'An unknown error occurred.';

/**
 * Field-level failures (`/__sim/field-faults`, `fieldFailRate`): GMS resolves each field with a data fetcher of its
 * own, and DataHubDataFetcherExceptionHandler turns one that throws into an error under that field's `path`
 * (code 500, SERVER_ERROR), the field null, and the rest of `data` answered. Only fields with a fetcher of their
 * own (a resolver here) fail: an entity's plain aspects come with its batch load, which fails the whole read.
 */
export class FieldFaults {
  private faults: FieldFault[] = [];
  private random: () => number;

  constructor(
    /** Share of entity field resolutions that fail at random, 0..1 (default 0). */
    private rate = 0,
    seed = 1,
  ) {
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`fieldFailRate must be between 0 and 1, got ${rate}`);
    this.random = mulberry32(seed);
  }

  plant(fault: FieldFault): void {
    this.faults.push({ ...fault });
  }

  /** Throws GMS's fetcher error when a planted failure (or the random share) hits this field of this entity. */
  trip(field: string, urn: unknown): void {
    if (typeof urn !== 'string') return;
    const fault = this.faults.find((f) => f.field === field && f.urn === urn);
    if (fault) {
      if (fault.times !== undefined && --fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    } else if (!(this.rate > 0 && this.random() < this.rate)) return;
    throw new SimError('SERVER_ERROR', messageOf(field, urn));
  }

  get active(): boolean {
    return this.rate > 0 || this.faults.length > 0;
  }

  list(): FieldFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}

/** Reads a planted field failure from a control request's body; a message when it is not one. */
export function parseFieldFault(body: string, entityFields: ReadonlySet<string>): FieldFault | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'expected a JSON object {field, urn, times?}';
  }
  const { field, urn, times } = (value ?? {}) as Record<string, unknown>;
  if (typeof field !== 'string' || !entityFields.has(field))
    return `field: expected a field an entity resolves with a fetcher of its own (${[...entityFields].sort().join(', ')})`;
  if (typeof urn !== 'string' || !urn.startsWith('urn:li:')) return 'urn: expected an urn';
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1))
    return 'times: expected a whole number >= 1';
  return { field, urn, ...(times !== undefined ? { times } : {}) };
}

/** Entity types' fields that have a resolver of their own: those a field fault can fail. */
export function faultableFields(schema: GraphQLSchema): Set<string> {
  const fields = new Set<string>();
  for (const type of entityTypes(schema))
    for (const [name, def] of Object.entries(type.getFields())) if (def.resolve) fields.add(name);
  return fields;
}

const entityTypes = (schema: GraphQLSchema) =>
  Object.values(schema.getTypeMap()).filter(
    (t) => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Entity'),
  ) as GraphQLObjectType[];

/** Wraps every entity field's resolver with the check of the faults in the request's context. */
export function withFieldFaults(schema: GraphQLSchema): void {
  for (const type of entityTypes(schema)) {
    for (const [name, def] of Object.entries(type.getFields())) {
      if (!def.resolve) continue;
      const resolve = def.resolve;
      // the context is the simulator's (schema/context.ts), named by shape here: it holds these faults
      def.resolve = (source: { urn?: unknown }, args, ctx: { fieldFaults?: FieldFaults }, info) => {
        if (ctx.fieldFaults?.active) ctx.fieldFaults.trip(name, source?.urn);
        return resolve(source, args, ctx, info);
      };
    }
  }
}
