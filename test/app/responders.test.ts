import { describe, expect, it } from 'vitest';
import { createResponders } from '../../src/app/responders.js';

/** `slack.responders`: members named, and members of the user groups named (Slack asked, kept briefly). */
describe('the on-call responders', () => {
  const setup = (answer: (group: string) => Promise<string[]>) => {
    let now = 0;
    const asked: string[] = [];
    const responders = createResponders({
      ids: ['S0ONCALL1', 'U0ADMIN01'],
      members: (g) => {
        asked.push(g);
        return answer(g);
      },
      ttlMs: 60_000,
      now: () => now,
    });
    return { responders, asked, later: (ms: number) => (now += ms) };
  };

  it('a member named, or in a group named, is one; anyone else is not; a group is asked once a minute', async () => {
    const { responders, asked, later } = setup(async () => ['U0FRANK01']);
    expect(await responders('U0ADMIN01')).toBe(true);
    expect(asked).toEqual([]);
    expect(await responders('U0FRANK01')).toBe(true);
    expect(await responders('U0ERIN001')).toBe(false);
    expect(asked).toEqual(['S0ONCALL1']);
    later(60_000);
    expect(await responders('U0ERIN001')).toBe(false);
    expect(asked).toEqual(['S0ONCALL1', 'S0ONCALL1']);
  });

  it('a group Slack cannot be asked about grants nothing, and is asked again next time', async () => {
    let fail = true;
    const { responders, asked } = setup(async () => {
      if (fail) throw new Error('ratelimited');
      return ['U0FRANK01'];
    });
    expect(await responders('U0FRANK01')).toBe(false);
    fail = false;
    expect(await responders('U0FRANK01')).toBe(true);
    expect(asked).toHaveLength(2);
  });
});
