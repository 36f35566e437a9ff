/**
 * The bot scopes Janus needs, by what it does with them (manifest.yml lists the same; test/slack/manifest.test.ts
 * checks the manifest against the calls in the code).
 */
export const SCOPES_BY_USE: { scope: string; use: string }[] = [
  { scope: 'commands', use: 'the /janus slash command' },
  { scope: 'chat:write', use: 'posting and updating alerts and answers' },
  { scope: 'channels:join', use: 'joining the public channels alerts go to' },
  { scope: 'channels:read', use: 'finding alert channels by name' },
  { scope: 'channels:history', use: 'finding an alert whose post was not answered, before posting it again' },
  { scope: 'groups:history', use: 'the same, in private channels' },
  { scope: 'im:history', use: 'the same, in a watcher’s direct messages' },
  { scope: 'users:read', use: 'telling who clicked an incident button (users.info)' },
  { scope: 'users:read.email', use: 'finding the DataHub user behind a Slack member, and owners to mention' },
  { scope: 'im:write', use: '/janus watch: alerts as direct messages' },
  { scope: 'links:read', use: 'link unfurls: the link_shared event' },
  { scope: 'links:write', use: 'link unfurls: chat.unfurl' },
];
