import type { Command } from 'commander';
import { runDoctor, type DoctorReport } from '../../app/doctor/index.js';
import { configFileValues } from '../../config/load.js';
import { ConfigError } from '../../errors.js';
import { doctorJson, doctorText } from '../../render/doctor.js';
import { redisChecks } from '../../jobs/doctor-checks.js';
import { cliContext, out } from '../context.js';

/** What `janus doctor` does: run every check, print the checklist, exit 0 when nothing failed. */
export async function runDoctorCommand(opts: { json?: boolean }, cmd: Command): Promise<void> {
  const env = process.env;
  let report: DoctorReport;
  try {
    const ctx = cliContext(cmd, env);
    const file = cmd.optsWithGlobals<{ config?: string }>().config;
    report = await runDoctor({
      config: ctx.config,
      env,
      file: configFileValues(file ? { file } : {}),
      client: ctx.client,
      redis: () =>
        redisChecks({
          ...(ctx.config.redis.url ? { url: ctx.config.redis.url } : {}),
          prefix: ctx.config.redis.prefix,
          intervalMs: ctx.config.cycle.interval,
        }),
    });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // a config Janus cannot load is the first thing to fix: said as checks, not as a usage error
    report = {
      checks: err.problems.map((p) => ({
        area: 'config' as const,
        name: 'setting',
        status: 'fail' as const,
        detail: p,
        fix: 'correct the setting (janus.config.yaml or its environment variable)',
      })),
      settings: [],
      ok: false,
    };
  }
  out(opts.json ? doctorJson(report) : doctorText(report));
  // exit-code.ts's EXIT.ok / EXIT.failed (importing it would close a cycle through program.ts)
  process.exitCode = report.ok ? 0 : 1;
}
