import type { webApi } from '@slack/bolt';
import { z } from 'zod';

const answer = z.object({ users: z.array(z.string()).default([]) });

/** A Slack user group's members (`usergroups.users.list`, scope `usergroups:read`): the responders' groups. */
export const usergroupMembers =
  (client: webApi.WebClient) =>
  async (usergroup: string): Promise<string[]> =>
    answer.parse(await client.usergroups.users.list({ usergroup })).users;
