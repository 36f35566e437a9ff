/** Generated users (a few suspended), teams with Slack channels, and tags. */
import { auditStamp, HOUR_MS } from '../demo/aspects.js';
import { mcp, snapshot, tagUrn, type MetadataRecord } from '../demo/records.js';
import type { Rng } from './prng.js';
import { GENERATED_NOW, groupUrn, userUrn, type Plan } from './plan.js';

export const GENERATED_TAGS = ['tier-1', 'pii', 'raw'].map(tagUrn);

/** Share of users who have left (corpUserStatus SUSPENDED, corpUserInfo.active false). */
const SUSPENDED_SHARE = 0.05;
/** The first users and group arrive as MCE snapshots, the rest as MCPs. */
const SNAPSHOT_USERS = 2;

export function* peopleRecords(plan: Plan, rng: Rng): Generator<MetadataRecord> {
  const since = auditStamp(GENERATED_NOW - 400 * 24 * HOUR_MS);
  for (let g = 0; g < plan.groups; g++) {
    const info = {
      displayName: `Team ${g}`,
      email: `team${g}@example.com`,
      admins: [],
      members: [],
      groups: [],
      description: `Generated team ${g}.`,
      slack: `team-${g}-alerts`,
    };
    yield g === 0 ? snapshot(groupUrn(g), [['identity.CorpGroupInfo', info]]) : mcp(groupUrn(g), 'corpGroupInfo', info);
  }
  for (let u = 0; u < plan.users; u++) {
    const urn = userUrn(u);
    // user 1 has always left, so even a small catalog has a departed owner
    const status = rng.chance(SUSPENDED_SHARE) || u === 1 ? 'SUSPENDED' : 'ACTIVE';
    const email = `user${u}@example.com`;
    const info = { customProperties: {}, active: status === 'ACTIVE', displayName: `User ${u}`, email, system: false };
    const statusAspect = { status, lastModified: since };
    const membership = { groups: [groupUrn(u % plan.groups)] };
    if (u < SNAPSHOT_USERS) {
      yield snapshot(urn, [
        ['identity.CorpUserInfo', info],
        ['identity.CorpUserStatus', statusAspect],
        ['identity.GroupMembership', membership],
      ]);
    } else {
      yield mcp(urn, 'corpUserInfo', info);
      yield mcp(urn, 'corpUserStatus', statusAspect);
      yield mcp(urn, 'groupMembership', membership);
    }
    yield mcp(urn, 'corpUserEditableInfo', { teams: [], skills: [], slack: `U${String(u).padStart(8, '0')}`, email });
  }
  for (const tag of GENERATED_TAGS) yield mcp(tag, 'tagProperties', { name: tag.slice('urn:li:tag:'.length) });
}
