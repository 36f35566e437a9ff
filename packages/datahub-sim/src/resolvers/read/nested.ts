import type { GraphQLResolveInfo } from 'graphql';
import { entityRef } from '../../schema/entity-ref.js';
import { entityTypeOf, parseUrn } from '../../urn.js';
import type { ResolverMap } from '../../schema/build.js';
import { ownerOf } from './aspects.js';
import { UNKNOWN_STAMP, auditStamp, auditStampOr, enumOut } from './mappers.js';
import { bool, obj, orNull, raws, str, type Raw } from './raw.js';

/**
 * Resolvers of the nested aspect types. Their source is the raw stored aspect (see `withOwner`), so
 * mutations that return one of these types can return the aspect they wrote.
 */
const OWNERSHIP_TYPES = [
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'CUSTOM',
  'DATAOWNER',
  'DEVELOPER',
  'DELEGATE',
  'PRODUCER',
  'STAKEHOLDER',
  'CONSUMER',
];
const OWNERSHIP_SOURCES = [
  'AUDIT',
  'DATABASE',
  'FILE_SYSTEM',
  'ISSUE_TRACKING_SYSTEM',
  'MANUAL',
  'SERVICE',
  'SOURCE_CONTROL',
  'OTHER',
];

/** A corpuser or corpGroup as the `OwnerType`/`ResolvedActor` union (the mappers treat any non-user as a group). */
export function actorRef(urn: string | undefined) {
  if (!urn || !parseUrn(urn)) return null;
  return { __typename: entityTypeOf(urn) === 'corpuser' ? 'CorpUser' : 'CorpGroup', urn };
}

/** OwnerMapper: the legacy `type` falls back to CUSTOM when unknown, and a missing `typeUrn` maps to `__system__<type>`. */
function ownerOut(o: Raw, associatedUrn: string) {
  const owner = actorRef(str(o.owner));
  if (!owner) return null;
  const rawType = str(o.type);
  const type = rawType === undefined ? null : OWNERSHIP_TYPES.includes(rawType) ? rawType : 'CUSTOM';
  const typeUrn = str(o.typeUrn) ?? (type ? `urn:li:ownershipType:__system__${type.toLowerCase()}` : undefined);
  const source = obj(o.source);
  return {
    owner,
    type,
    ownershipType: typeUrn ? { __typename: 'OwnershipTypeEntity', urn: typeUrn } : null,
    source: source ? { type: enumOut(source.type, OWNERSHIP_SOURCES) ?? 'OTHER', url: orNull(str(source.url)) } : null,
    associatedUrn,
  };
}

function propertyValue(v: unknown) {
  const o = obj(v);
  const value = o ? (o.string ?? o.double ?? o.float ?? o.int ?? o.long) : v;
  if (typeof value === 'string') return { __typename: 'StringValue', stringValue: value };
  if (typeof value === 'number') return { __typename: 'NumberValue', numberValue: value };
  return null;
}

/** StructuredPropertiesMapper: string values that are urns also come back as `valueEntities`. */
function structuredEntry(p: Raw, associatedUrn: string) {
  const propertyUrn = str(p.propertyUrn);
  if (!propertyUrn) return null;
  const values = (Array.isArray(p.values) ? p.values : []).map(propertyValue).filter((v) => v !== null);
  const valueEntities = values
    .map((v) =>
      v.__typename === 'StringValue' && /^urn:li:[A-Za-z]+:.+/.test(String(v.stringValue))
        ? entityRef(String(v.stringValue))
        : null,
    )
    .filter((e) => e !== null);
  return {
    structuredProperty: { __typename: 'StructuredPropertyEntity', urn: propertyUrn },
    values,
    valueEntities,
    associatedUrn,
  };
}

const holder = (raw: Raw, info: GraphQLResolveInfo) => ownerOf(raw, info);

export const nestedResolvers: ResolverMap = {
  Ownership: {
    owners: (raw: Raw, _a, _c, info) =>
      raws(raw.owners)
        .map((o) => ownerOut(o, holder(raw, info)))
        .filter((o) => o !== null),
    lastModified: (raw: Raw) => auditStampOr(raw.lastModified, UNKNOWN_STAMP),
  },
  GlobalTags: {
    tags: (raw: Raw, _a, _c, info) =>
      raws(raw.tags)
        .filter((t) => str(t.tag))
        .map((t) => ({
          tag: { __typename: 'Tag', urn: str(t.tag) },
          associatedUrn: holder(raw, info),
          context: orNull(str(t.context)),
        })),
  },
  GlossaryTerms: {
    terms: (raw: Raw, _a, _c, info) =>
      raws(raw.terms)
        .filter((t) => str(t.urn))
        .map((t) => ({
          term: { __typename: 'GlossaryTerm', urn: str(t.urn) },
          associatedUrn: holder(raw, info),
          context: orNull(str(t.context)),
        })),
  },
  InstitutionalMemory: {
    // InstitutionalMemoryMetadataMapper: the label is the element's `description`.
    elements: (raw: Raw, _a, _c, info) =>
      raws(raw.elements)
        .filter((e) => str(e.url))
        .map((e) => {
          const created = obj(e.createStamp);
          const settings = obj(e.settings);
          return {
            url: str(e.url),
            label: str(e.description) ?? '',
            actor: actorRef(str(created?.actor) ?? UNKNOWN_STAMP.actor),
            created: auditStampOr(created, UNKNOWN_STAMP),
            updated: auditStamp(e.updateStamp),
            associatedUrn: holder(raw, info),
            settings: settings ? { showInAssetPreview: bool(settings.showInAssetPreview) ?? false } : null,
          };
        }),
  },
  StructuredProperties: {
    properties: (raw: Raw, _a, _c, info) =>
      raws(raw.properties)
        .map((p) => structuredEntry(p, holder(raw, info)))
        .filter((e) => e !== null),
  },
};
