import { describe, expect, it } from 'vitest';
import { answerRequest, JANUS_COMMANDS, parseJanusText } from '../../src/handlers/commands/registry.js';
import type { JanusCommandDeps } from '../../src/handlers/commands/registry.js';
import { createLogger } from '../../src/log.js';
import { mrkdwn } from '../../src/slack/present/mrkdwn.js';

const asker = { user: 'U0ALICE01', later: async () => {} };
// help and usage problems touch no dep but the logger
const deps = { logger: createLogger({ level: 'silent' }) } as unknown as JanusCommandDeps;

describe('the /janus command registry', () => {
  it('names each command once, its usage line starting with its name', () => {
    const names = JANUS_COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of JANUS_COMMANDS) expect(`${c.usage} `.startsWith(`/janus ${c.name} `)).toBe(true);
  });

  it('parses each command by its own entry', () => {
    for (const c of JANUS_COMMANDS) expect(parseJanusText(`${c.name} --bogus`)).toMatchObject({ usage: c.usage });
  });

  it('generates the help and the unknown-command reply from the entries', async () => {
    const help = JSON.stringify(await answerRequest(deps, parseJanusText('help'), asker));
    const unknown = JSON.stringify(await answerRequest(deps, parseJanusText('frobnicate'), asker));
    for (const c of JANUS_COMMANDS)
      for (const reply of [help, unknown])
        expect(reply).toContain(JSON.stringify(`• \`${mrkdwn(c.usage)}\`: ${c.summary}.`).slice(1, -1));
  });
});
