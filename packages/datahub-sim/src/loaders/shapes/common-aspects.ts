import { z } from 'zod';
import { auditStamp, boolean, enumOf, number, record, string, stringMap, urn } from './pdl.js';

/** Aspects many entity types share (`com.linkedin.common`), after their PDL. */

/** `OwnershipType.pdl`, deprecated symbols included (old files still write them). */
const OWNERSHIP_TYPES = [
  'CUSTOM',
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
] as const;

const owner = record({
  owner: urn(),
  type: enumOf(OWNERSHIP_TYPES),
  typeUrn: urn().optional(),
  source: record({ type: string, url: string.optional() }).optional(),
});

export const ownership = record({
  owners: z.array(owner),
  ownerTypes: z.record(z.string(), z.array(urn())).optional(),
  lastModified: auditStamp.optional(),
});

export const globalTags = record({
  tags: z.array(record({ tag: urn('tag'), context: string.optional() })),
});

export const glossaryTerms = record({
  terms: z.array(record({ urn: urn('glossaryTerm'), actor: urn().optional(), context: string.optional() })),
  auditStamp,
});

export const institutionalMemory = record({
  elements: z.array(
    record({ url: string, description: string, createStamp: auditStamp, updateStamp: auditStamp.optional() }),
  ),
});

export const status = record({ removed: boolean.optional() });

export const deprecation = record({
  deprecated: boolean,
  decommissionTime: number.optional(),
  note: string,
  actor: urn(),
  replacement: urn().optional(),
});

export const subTypes = record({ typeNames: z.array(string) });

export const siblings = record({ siblings: z.array(urn()), primary: boolean });

export const container = record({ container: urn('container') });

export const dataPlatformInstance = record({ platform: urn('dataPlatform'), instance: urn().optional() });

export const browsePathsV2 = record({
  path: z.array(record({ id: string, urn: urn().optional() })),
});

export const domains = record({ domains: z.array(urn('domain')) });

export const structuredProperties = record({
  properties: z.array(
    record({
      propertyUrn: urn('structuredProperty'),
      // `PrimitivePropertyValue`: a union of string and double, written as its member value or `{"string": ...}`
      values: z.array(z.union([string, number])),
    }),
  ),
});

export const customProperties = { customProperties: stringMap.optional() };
