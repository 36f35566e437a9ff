import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BOT } from './fake-slack.js';
import { SECRET, useSlackBed } from './harness.js';
import { sign, slashCommandBody } from './slash-command.js';

// Issue 20, cases 5 and 6: what reaches the Slack endpoint before Bolt does.
const bed = useSlackBed();

const nowS = () => Math.floor(Date.now() / 1000);

function post(body: string, opts: { ts?: number; type?: string; signature?: string } = {}) {
  const ts = opts.ts ?? nowS();
  return fetch(bed.janus.endpoint, {
    method: 'POST',
    headers: {
      'content-type': opts.type ?? 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': opts.signature ?? sign(SECRET, ts, body),
    },
    body,
  });
}

const interaction = (payload: unknown) => new URLSearchParams({ payload: JSON.stringify(payload) }).toString();

/** Streams `total` bytes as a chunked body (no Content-Length); how many the server let through before answering. */
function streamChunked(total: number): Promise<{ status?: number; sent: number }> {
  return new Promise((resolve) => {
    const url = new URL(bed.janus.endpoint);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
    });
    let sent = 0;
    let status: number | undefined;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const finish = () => resolve({ ...(status !== undefined ? { status } : {}), sent });
    req.on('response', (res) => {
      status = res.statusCode;
      res.resume();
      res.on('end', finish);
    });
    req.on('error', finish);
    const pump = () => {
      while (sent < total && status === undefined && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (sent >= total) req.end();
    };
    pump();
  });
}

describe('the Slack endpoint reads at most 1 MB (case 5)', () => {
  it('stops a chunked body at the limit with 413, before buffering or verifying the rest', async () => {
    const r = await streamChunked(64 * 1024 * 1024);
    expect(r.status).toBe(413);
    // the server stopped reading at 1 MB: the client got its answer long before 64 MB went out
    expect(r.sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the limit at once', async () => {
    const res = await post('x'.repeat((1 << 20) + 1));
    expect(res.status).toBe(413);
  });

  it('still answers a signed command within the limit', async () => {
    const { id, url } = bed.slack.responseUrl();
    const res = await post(slashCommandBody({ text: 'help', responseUrl: url }));
    expect(res.status).toBe(200);
    expect(id).toBeTruthy();
  });
});

describe('Slack request checks (case 6)', () => {
  it.each([10 * 60, -10 * 60])('refuses a signed request %i s off now (401)', async (offset) => {
    const { url } = bed.slack.responseUrl();
    const res = await post(slashCommandBody({ text: 'help', responseUrl: url }), { ts: nowS() + offset });
    expect(res.status).toBe(401);
  });

  it('drops an exact replay inside the window: one answer, one reply', async () => {
    const { id, url } = bed.slack.responseUrl();
    const body = slashCommandBody({ text: 'trust fraud_detector_v4', responseUrl: url });
    const ts = nowS();
    const first = await post(body, { ts });
    expect(first.status).toBe(200);
    await bed.slack.posted(id);
    const again = await post(body, { ts });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('');
    await new Promise((r) => setTimeout(r, 300));
    expect(bed.slack.responses.filter((r) => r.id === id)).toHaveLength(1);
  });

  it.each([
    ['block_actions without team', { type: 'block_actions', user: { id: 'U1' }, actions: [] }],
    ['view_submission without team', { type: 'view_submission', user: { id: 'U1' }, view: {} }],
    ['a payload without type', { team: { id: BOT.teamId } }],
    ['block_actions without user', { type: 'block_actions', team: { id: BOT.teamId }, actions: [] }],
    ['a payload that is a number', 42],
  ])('answers %s 400, never 500', async (_name, payload) => {
    const res = await post(interaction(payload));
    expect(res.status).toBe(400);
  });

  it('answers a payload that is not JSON 400', async () => {
    const res = await post('payload=%7Bnot-json');
    expect(res.status).toBe(400);
  });

  it('answers a slash command missing its fields 200 with an ephemeral error', async () => {
    const res = await post(new URLSearchParams({ command: '/janus', text: 'help' }).toString());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ response_type: 'ephemeral' });
  });

  it('posts no reply to a response_url that is not Slack, and logs it', async () => {
    const evil = http.createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    let hits = 0;
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const port = (evil.address() as { port: number }).port;
    try {
      for (const url of [
        `http://127.0.0.1:${port}/steal`,
        'https://hooks.slack.com.evil.test/x',
        'http://hooks.slack.com/x',
      ]) {
        const res = await post(slashCommandBody({ text: 'trust fraud_detector_v4', responseUrl: url }));
        expect(res.status, url).toBe(400);
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(hits).toBe(0);
      expect(bed.janus.logs().some((l) => String(l.problem ?? '').includes('not on Slack'))).toBe(true);
    } finally {
      evil.close();
    }
  });
});
