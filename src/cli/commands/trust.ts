import { Command } from 'commander';
import { judgeModel } from '../../app/judge-model.js';
import { verdictJson } from '../../render/json.js';
import { verdictText } from '../../render/text.js';
import { cliContext, out } from '../context.js';
import { writeReports } from '../report-dir.js';

export const trustCommand = () =>
  new Command('trust')
    .description("judge one model: walk its upstream lineage in DataHub, run the detectors, score it, and say why")
    .argument('<model>', 'model urn, or its name in DataHub')
    .option('--json', 'print the verdict as JSON (docs/json-output.md)')
    .option('--report-dir <dir>', 'also write the Model Impact Report there as <model>.html')
    .action(async (model: string, opts: { json?: boolean; reportDir?: string }, cmd: Command) => {
      const ctx = cliContext(cmd);
      const { verdict, graph } = await judgeModel({ client: ctx.client, policy: ctx.policy }, model);
      if (opts.reportDir) writeReports(opts.reportDir, [{ verdict, graph }], ctx.config.datahub.uiUrl);
      out(opts.json ? JSON.stringify(verdictJson(verdict), null, 2) : verdictText(verdict));
    });
