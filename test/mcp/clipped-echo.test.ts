import { describe, expect, it } from 'vitest';
import { call, demoFixture, textOf } from './harness.js';

// Issue 38, finding 5: a 3.9 MB model name came back whole in an MCP answer. What a tool echoes is clipped to a few
// hundred characters, with an ellipsis and the original length (src/core/echo.ts).
const demo = demoFixture();
const HUGE = 3_900_000;

// model_incidents first: after trust_model's read of a 3.9 MB name, the next request to the same simulator was once
// reset (ECONNRESET on GET /config), a separate matter from what is echoed
describe('a huge model name over MCP', () => {
  it('model_incidents: an answer (not an error) echoes it clipped, in its text and its structured content', async () => {
    // a urn is not looked up before its incidents are read: a 1 MB one is answered (none touch it)
    const urn = `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${'y'.repeat(1_000_000)},PROD)`;
    const r = await call(await demo.client(demo.sim.url), 'model_incidents', { model: urn });
    expect(r.isError, textOf(r).slice(0, 300)).toBeFalsy();
    const clipped = `${urn.slice(0, 300)}… (1,000,049 characters)`;
    expect(textOf(r)).toBe(`No Janus incident touches ${clipped}.`);
    expect(r.structuredContent).toEqual({ model: clipped, active: 0, incidents: [] });
  });

  it('trust_model: the error names it clipped, with its length', async () => {
    const name = `m${'x'.repeat(HUGE - 1)}`;
    const r = await call(await demo.client(demo.sim.url), 'trust_model', { model: name });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(`no model named "m${'x'.repeat(299)}… (3,900,000 characters)" in DataHub`);
    expect(textOf(r).length).toBeLessThan(2_000);
  });
});
