import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { aspectOf, baseFields, keyParts, pick } from './entity-base.js';
import { orNull, str } from './raw.js';

const tagId = (urn: string) => keyParts(urn, 'tag')?.[0];
const termKey = (urn: string) => keyParts(urn, 'glossaryTerm')?.[0];
/** GlossaryTermUtils.getGlossaryTermName: the last dotted segment of the hierarchical name. */
const termName = (hierarchical: string | undefined) =>
  hierarchical === undefined ? undefined : hierarchical.slice(hierarchical.lastIndexOf('.') + 1);

export const labelResolvers: ResolverMap = {
  Tag: {
    ...baseFields('TAG', false),
    ...pick(['ownership']),
    name: (s: EntityRef) => orNull(tagId(s.urn)),
    // TagMapper: a tagProperties without a name takes the urn's id.
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'tagProperties');
      if (!raw) return null;
      return {
        name: str(raw.name) ?? tagId(s.urn) ?? '',
        description: orNull(str(raw.description)),
        colorHex: orNull(str(raw.colorHex)),
      };
    },
    description: (s: EntityRef, _a, ctx: SimContext) => orNull(str(aspectOf(ctx, s, 'tagProperties')?.description)),
  },
  GlossaryTerm: {
    ...baseFields('GLOSSARY_TERM', false),
    name: (s: EntityRef) => orNull(termName(termKey(s.urn))),
    hierarchicalName: (s: EntityRef) => orNull(termKey(s.urn)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'glossaryTermInfo');
      if (!raw) return null;
      const definition = str(raw.definition) ?? '';
      return {
        name: str(raw.name) ?? termName(termKey(s.urn)) ?? '',
        description: definition,
        definition,
        termSource: str(raw.termSource) ?? '',
        sourceRef: orNull(str(raw.sourceRef)),
        sourceUrl: orNull(str(raw.sourceUrl)),
        rawSchema: orNull(str(raw.rawSchema)),
      };
    },
  },
};
