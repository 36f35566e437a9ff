import type { SimContext } from '../../schema/context.js';
import { entityRef, type EntityRef } from '../../schema/entity-ref.js';
import { SimError } from '../../schema/errors.js';
import type { ResolverMap } from '../../schema/build.js';
import { UNKNOWN_STAMP, auditStamp, auditStampOr, enumOut } from './mappers.js';
import { aspectOf, baseFields, pick } from './entity-base.js';
import { actorRef } from './nested.js';
import { num, obj, orNull, raws, str, strs, type Raw } from './raw.js';

const INCIDENT_TYPES = ['FRESHNESS', 'VOLUME', 'FIELD', 'SQL', 'DATA_SCHEMA', 'OPERATIONAL', 'CUSTOM'];
const STATES = ['ACTIVE', 'RESOLVED'];
const STAGES = ['TRIAGE', 'INVESTIGATION', 'WORK_IN_PROGRESS', 'FIXED', 'NO_ACTION_REQUIRED'];
const SOURCES = ['MANUAL', 'ASSERTION_FAILURE'];
/** incidentInfo.priority is stored as an int: 0 CRITICAL, 1 HIGH, 2 MEDIUM, 3 LOW (IncidentUtils). */
const PRIORITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

/** IncidentMapper fails the load of an incident that has no incidentInfo. */
function incidentInfo(s: EntityRef, ctx: SimContext): Raw {
  const raw = aspectOf(ctx, s, 'incidentInfo');
  if (!raw) throw new SimError('SERVER_ERROR', `Incident does not exist!. urn: ${s.urn}`);
  return raw;
}

function statusOut(raw: Raw) {
  const status = obj(raw.status);
  if (!status) return null;
  return {
    state: enumOut(status.state, STATES),
    stage: enumOut(status.stage, STAGES),
    message: orNull(str(status.message)),
    lastUpdated: auditStampOr(status.lastUpdated, UNKNOWN_STAMP),
  };
}

type Field = (raw: Raw) => unknown;
const fromInfo = (fn: Field) => (s: EntityRef, _a: unknown, ctx: SimContext) => fn(incidentInfo(s, ctx));

export const incidentResolvers: ResolverMap = {
  Incident: {
    ...baseFields('INCIDENT', false),
    ...pick(['tags']),
    incidentType: fromInfo((r) => enumOut(r.type, INCIDENT_TYPES)),
    customType: fromInfo((r) => orNull(str(r.customType))),
    title: fromInfo((r) => orNull(str(r.title))),
    description: fromInfo((r) => orNull(str(r.description))),
    incidentStatus: fromInfo(statusOut),
    status: fromInfo(statusOut),
    priority: fromInfo((r) => {
      const p = num(r.priority);
      return p === undefined ? null : (PRIORITIES[p] ?? null);
    }),
    assignees: fromInfo((r) =>
      Array.isArray(r.assignees)
        ? raws(r.assignees)
            .map((a) => actorRef(str(a.actor)))
            .filter((a) => a !== null)
        : null,
    ),
    // Only the first of `entities` is exposed (IncidentMapper: "TODO: Support multiple entities").
    entity: fromInfo((r) => {
      const first = strs(r.entities)[0];
      return first ? entityRef(first) : null;
    }),
    source: fromInfo((r) => {
      const source = obj(r.source);
      if (!source) return null;
      const sourceUrn = str(source.sourceUrn);
      return { type: enumOut(source.type, SOURCES), source: sourceUrn ? entityRef(sourceUrn) : null };
    }),
    startedAt: fromInfo((r) => orNull(num(r.startedAt))),
    created: fromInfo((r) => auditStamp(r.created)),
  },
};
