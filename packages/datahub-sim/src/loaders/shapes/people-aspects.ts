import { z } from 'zod';
import { customProperties } from './common-aspects.js';
import { boolean, record, string, urn } from './pdl.js';

/** Users and groups (`com.linkedin.identity`), after their PDL. */

export const corpUserInfo = record({
  ...customProperties,
  active: boolean,
  displayName: string.optional(),
  email: string.optional(),
  title: string.optional(),
  managerUrn: urn('corpuser').optional(),
  departmentId: z.number().optional(),
  departmentName: string.optional(),
  firstName: string.optional(),
  lastName: string.optional(),
  fullName: string.optional(),
  countryCode: string.optional(),
});

export const corpUserStatus = record({ status: string });

export const corpGroupInfo = record({
  displayName: string.optional(),
  email: string.optional(),
  admins: z.array(urn('corpuser')).optional(),
  members: z.array(urn('corpuser')).optional(),
  groups: z.array(urn('corpGroup')).optional(),
  description: string.optional(),
  slack: string.optional(),
});

export const groupMembership = record({ groups: z.array(urn('corpGroup')) });
