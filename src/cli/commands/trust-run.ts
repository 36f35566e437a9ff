import type { Command } from 'commander';
import { judgeModel } from '../../app/judge-model.js';
import { checkedModelRef } from '../../datahub/resolve-model.js';
import { verdictJson } from '../../render/json.js';
import { verdictText } from '../../render/text.js';
import { cliContext, out } from '../context.js';
import { checkReportDir, writeReports } from '../report-dir.js';

/** What `janus trust` does, loaded only when it runs. */
export async function runTrust(
  model: string,
  opts: { json?: boolean; reportDir?: string },
  cmd: Command,
): Promise<void> {
  const ref = checkedModelRef(model);
  if (opts.reportDir) checkReportDir(opts.reportDir);
  const ctx = cliContext(cmd);
  const { verdict, graph } = await judgeModel({ client: ctx.client, policy: ctx.policy }, ref);
  if (opts.reportDir) writeReports(opts.reportDir, [{ verdict, graph }], ctx.config.datahub.uiUrl, ctx.policy.asOf);
  out(opts.json ? JSON.stringify(verdictJson(verdict), null, 2) : verdictText(verdict));
}
