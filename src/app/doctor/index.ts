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
  const { botToken, signingSecret, appToken } = deps.config.slack;
  // answering /janus: the bot token, and the app-level token (Socket Mode) or the signing secret (HTTP)
  const slackOn = !!botToken && !!(appToken || signingSecret);
  const [datahub, redis, slack] = await Promise.all([
    datahubChecks({
      client: deps.client,
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
