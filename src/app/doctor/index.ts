import type { Config } from '../../config/schema.js';
import type { DataHubClient } from '../../datahub/client.js';
import type { Check } from './check.js';
import { datahubChecks } from './datahub-checks.js';
import { settingsOf, type Setting } from './config-checks.js';
import { slackChecks } from './slack-checks.js';

export type { Check } from './check.js';
export type { Setting } from './config-checks.js';

export interface DoctorDeps {
  config: Config;
  env: Record<string, string | undefined>;
  /** The config file's own values, to tell a setting's source. */
  file?: Record<string, unknown>;
  client: DataHubClient;
  serverConfig: () => Promise<unknown>;
  /** Redis's checks (the service's queues and state live with the jobs). */
  redis: () => Promise<Check[]>;
}

export interface DoctorReport {
  checks: Check[];
  settings: Setting[];
  /** Nothing failed: exit 0. */
  ok: boolean;
}

/** `janus doctor`: every dependency checked, each problem with its fix; the areas are checked side by side. */
export async function runDoctor(deps: DoctorDeps): Promise<DoctorReport> {
  const slackOn = !!deps.config.slack.botToken && !!deps.config.slack.signingSecret;
  const [datahub, redis, slack] = await Promise.all([
    datahubChecks({
      client: deps.client,
      serverConfig: deps.serverConfig,
      features: { writeBack: true, slack: slackOn },
    }),
    deps.redis(),
    slackChecks(deps.config.slack),
  ]);
  const checks = [...datahub, ...redis, ...slack];
  return {
    checks,
    settings: settingsOf(deps.config, deps.env, deps.file),
    ok: checks.every((c) => c.status !== 'fail'),
  };
}
