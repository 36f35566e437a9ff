import { describe, expect, it } from 'vitest';
import { call, connect, depsFor, textOf } from '../mcp/harness.js';
import { SECRET, useSlackBed } from './harness.js';
import { sendSlashCommand } from './slash-command.js';

// Issue 20, case 2, in Slack and over MCP: a malformed urn is the asker's mistake (an ephemeral usage reply, a
// tool error), said before DataHub is asked, not "Argos could not read DataHub".
const bed = useSlackBed();

const BAD = [
  ['urn:li:mlModel:(', 'is not closed'],
  ['urn:li:mlModel:)', 'parenthesis outside a tuple'],
  ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,x,PROD))', 'follows the tuple'],
];

describe('a malformed model urn', () => {
  it.each(BAD)('/janus trust %s: an ephemeral reply saying what is wrong; DataHub not asked', async (ref, says) => {
    bed.sim.resetStats();
    const { id, url } = bed.slack.responseUrl();
    const res = await sendSlashCommand(bed.janus.endpoint, { text: `trust ${ref}`, responseUrl: url, secret: SECRET });
    expect(res.status).toBe(200);
    const posted = await bed.slack.posted(id);
    expect(posted.response_type).toBe('ephemeral');
    expect(JSON.stringify(posted)).toContain(says);
    expect(JSON.stringify(posted)).not.toContain('could not read DataHub');
    expect(bed.sim.stats().requests).toBe(0);
  });

  it.each(BAD)('MCP trust_model %s: a tool error saying what is wrong; DataHub not asked', async (ref, says) => {
    const c = await connect(depsFor(bed.sim.url));
    bed.sim.resetStats();
    for (const tool of ['trust_model', 'model_incidents']) {
      const r = await call(c, tool, { model: ` ${ref}\n` });
      expect(r.isError, tool).toBe(true);
      expect(textOf(r)).toContain(says);
    }
    const dataset = await call(c, 'blast_radius', { dataset: 'urn:li:dataset:(urn:li:dataPlatform:x,a,PROD' });
    expect(dataset.isError).toBe(true);
    expect(textOf(dataset)).toContain('is not closed');
    expect(bed.sim.stats().requests).toBe(0);
    await c.close();
  });
});
