// Runs the built CLI (`node dist/src/cli.js …`) as a user runs it, and the demo simulator it talks to.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSim } from '@janus/datahub-sim';

/**
 * `janus <args>` as its own process, with only PATH and what is given in its environment (no REDIS_URL, no token,
 * no janus.config.yaml: it runs in an empty folder), pointed at `gmsUrl`. Resolves with its exit code and output.
 */
export function runJanus(root, args, gmsUrl) {
  const cli = path.join(root, 'dist/src/cli.js');
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run npm run build before npm run docs:gen`);
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-docs-gen-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', DATAHUB_GMS_URL: gmsUrl, JANUS_LOG_LEVEL: 'error', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (c) => (out.stdout += c));
    child.stderr.on('data', (c) => (out.stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      fs.rmSync(cwd, { recursive: true, force: true });
      resolve({ code, ...out });
    });
  });
}

/** Like runJanus, but a run that does not exit 0 fails the generator, saying what Janus said. */
export async function janusOk(root, args, gmsUrl) {
  const r = await runJanus(root, args, gmsUrl);
  if (r.code !== 0) throw new Error(`janus ${args.join(' ')} exited ${r.code}: ${r.stderr.trim() || r.stdout.trim()}`);
  return r.stdout;
}

/** A fresh simulator with the demo catalog for `work`, closed after it whatever happens. */
export async function withDemoSim(work) {
  const sim = await startSim({ demo: true, port: 0 });
  try {
    return await work(sim);
  } finally {
    await sim.close();
  }
}

/** Runs `jobs` (functions returning promises) at most `limit` at a time; the results in order. */
export async function inTurn(jobs, limit = 3) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}
