import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { customProperties } from './mappers.js';
import { aspectOf, baseFields, keyParts, pick } from './entity-base.js';
import { bool, orNull, str, strs, type Raw } from './raw.js';

/**
 * CorpUserPropertiesMapper. `active` is required in CorpUserInfo, so GMS never stores the aspect without it;
 * if a fixture leaves it out the simulator answers false rather than failing the whole user (guess).
 */
function userProperties(raw: Raw, urn: string) {
  return {
    active: bool(raw.active) ?? false,
    displayName: orNull(str(raw.displayName)),
    email: orNull(str(raw.email)),
    title: orNull(str(raw.title)),
    firstName: orNull(str(raw.firstName)),
    lastName: orNull(str(raw.lastName)),
    fullName: orNull(str(raw.fullName)),
    customProperties: raw.customProperties == null ? null : customProperties(raw.customProperties, urn),
  };
}

/** CorpUserEditableInfoMapper: teams/skills default to [], pictureLink only when set. */
function userEditableProperties(raw: Raw) {
  return {
    displayName: orNull(str(raw.displayName)),
    title: orNull(str(raw.title)),
    aboutMe: orNull(str(raw.aboutMe)),
    teams: strs(raw.teams),
    skills: strs(raw.skills),
    pictureLink: orNull(str(raw.pictureLink)),
    slack: orNull(str(raw.slack)),
    phone: orNull(str(raw.phone)),
    email: orNull(str(raw.email)),
  };
}

/**
 * CorpUserStatusMapper does `CorpUserStatus.valueOf(status)`; corpUserStatus.status is a free string
 * (e.g. PROVISIONED), and any value outside the GraphQL enum answers null here.
 */
const USER_STATUSES = ['ACTIVE', 'SUSPENDED'];

export const peopleResolvers: ResolverMap = {
  CorpUser: {
    ...baseFields('CORP_USER'),
    ...pick(['tags', 'structuredProperties']),
    username: (s: EntityRef) => orNull(keyParts(s.urn, 'corpuser')?.[0]),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'corpUserInfo');
      return raw ? userProperties(raw, s.urn) : null;
    },
    editableProperties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'corpUserEditableInfo');
      return raw ? userEditableProperties(raw) : null;
    },
    status: (s: EntityRef, _a, ctx: SimContext) => {
      const status = str(aspectOf(ctx, s, 'corpUserStatus')?.status);
      return status && USER_STATUSES.includes(status) ? status : null;
    },
    isNativeUser: (s: EntityRef, _a, ctx: SimContext) => {
      const credentials = aspectOf(ctx, s, 'corpUserCredentials');
      return credentials ? Boolean(str(credentials.salt) && str(credentials.hashedPassword)) : null;
    },
  },
  CorpGroup: {
    ...baseFields('CORP_GROUP'),
    ...pick(['ownership', 'structuredProperties']),
    name: (s: EntityRef) => orNull(keyParts(s.urn, 'corpGroup')?.[0]),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'corpGroupInfo');
      if (!raw) return null;
      return {
        displayName: orNull(str(raw.displayName)),
        description: orNull(str(raw.description)),
        email: orNull(str(raw.email)),
        slack: orNull(str(raw.slack)),
      };
    },
    editableProperties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'corpGroupEditableInfo');
      if (!raw) return null;
      return {
        description: orNull(str(raw.description)),
        slack: orNull(str(raw.slack)),
        email: orNull(str(raw.email)),
        pictureLink: orNull(str(raw.pictureLink)),
      };
    },
  },
};
