import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createJanusServer } from '../../src/server/index.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { DataHubError } from '../../src/datahub/errors.js';
import { gmsAddress } from '../../src/datahub/gms-url.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createLogger, redactText } from '../../src/log.js';
import { startSim } from '@janus/datahub-sim';
import { demoScore } from '../support/demo-verdicts.js';

// Credentials written into DATAHUB_GMS_URL (issue 38, probe finding 6): sent as a proxy expects them, never shown.
describe('credentials inside a URL', () => {
  it('are cut out of any text Janus prints or logs, whatever the scheme', () => {
    expect(
      redactText('DataHub at http://alice:s3cret-pw@gms:8080/api is down; redis at redis://:r3dis-pw@cache:6379/0'),
    ).toBe('DataHub at http://[redacted]@gms:8080/api is down; redis at redis://[redacted]@cache:6379/0');
    expect(redactText('mailto alice@example.com, urn:li:corpuser:alice@example.com')).toBe(
      'mailto alice@example.com, urn:li:corpuser:alice@example.com',
    );
  });

  it('become a Basic header, and the URL Janus shows has none', () => {
    const a = gmsAddress('https://alice:p%40ss@gms.example.com:8080/');
    expect(a.url).toBe('https://gms.example.com:8080/');
    expect(a.basicAuth).toBe(`Basic ${Buffer.from('alice:p@ss').toString('base64')}`);
    expect(redactText('the password p@ss')).toBe('the password [redacted]');
    expect(gmsAddress('http://gms:8080')).toEqual({ url: 'http://gms:8080' });
  });

  it('reach DataHub behind a proxy that asks for them; the verdict and errors name the URL without them', async () => {
    const sim = await startSim({ demo: true, port: 0 });
    const seen: string[] = [];
    // a reverse proxy in front of GMS asking for Basic credentials
    const proxy = http.createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      if (req.headers.authorization !== `Basic ${Buffer.from('janus:pr0xy-pw').toString('base64')}`) {
        res.writeHead(401).end();
        return;
      }
      const upstream = http.request(`${sim.url}${req.url}`, { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const port = (proxy.address() as AddressInfo).port;
    try {
      const client = createDataHubClient({ url: `http://janus:pr0xy-pw@127.0.0.1:${port}`, retry: { retries: 0 } });
      expect(client.url).toBe(`http://127.0.0.1:${port}`);
      const policy = judgePolicy(judgeSchema.parse({}));
      const { verdict } = await judgeModel({ client, policy }, 'fraud_detector_v4');
      expect(verdict.score).toBe(demoScore('fraud'));
      expect(JSON.stringify(verdict)).not.toContain('pr0xy-pw');
      expect(seen.length).toBeGreaterThan(0);

      const refused = createDataHubClient({ url: `http://janus:wr0ng-pw@127.0.0.1:${port}`, retry: { retries: 0 } });
      const err = await judgeModel({ client: refused, policy }, 'fraud_detector_v4').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataHubError);
      expect(String((err as Error).message)).not.toContain('wr0ng-pw');
    } finally {
      await new Promise((r) => proxy.close(r));
      await sim.close();
    }
  });

  it('never reach /healthz or an error page', async () => {
    const { server } = createJanusServer({
      judge: () => Promise.reject(new Error('fetch failed for http://alice:h3alth-pw@gms:8080/api/graphql')),
      logger: createLogger({ level: 'silent' }),
      health: async () => ({ status: 'degraded', problems: ['DataHub at http://alice:h3alth-pw@gms:8080 is down'] }),
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const health = await (await fetch(`${base}/healthz`)).text();
      expect(health).toContain('http://[redacted]@gms:8080');
      const page = await (await fetch(`${base}/reports/fraud_detector_v4`)).text();
      expect(health + page).not.toContain('h3alth-pw');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
