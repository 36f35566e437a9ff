import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('writes JSON lines with the fields given', () => {
    const { lines, destination } = capture();
    createLogger({ destination, format: 'json' }).info({ model: 'm1' }, 'judged');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ msg: 'judged', model: 'm1', name: 'janus', level: 30 });
  });

  it('redacts tokens, secrets and auth headers wherever they sit', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, format: 'json' });
    log.info(
      {
        datahub: { url: 'http://gms', token: 'gms-secret-1' },
        slack: { botToken: 'xoxb-secret-2', signingSecret: 'sig-secret-3' },
      },
      'config',
    );
    log.child({ scan: 's1' }).warn({ req: { headers: { authorization: 'Bearer secret-4' } } }, 'request');
    const out = lines.join('');
    for (const secret of ['gms-secret-1', 'xoxb-secret-2', 'sig-secret-3', 'secret-4'])
      expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
    expect(out).toContain('http://gms');
    expect(JSON.parse(lines[1]!)).toMatchObject({ scan: 's1', msg: 'request' });
  });

  it('respects the level', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, format: 'json', level: 'warn' });
    log.info('hidden');
    log.warn('shown');
    expect(lines).toHaveLength(1);
  });
});
