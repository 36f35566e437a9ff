import { Command } from 'commander';
import { scanModels } from '../../app/scan.js';
import { listModels } from '../../datahub/queries/list-models.js';
import { UsageError } from '../../errors.js';
import { verdictJson } from '../../render/json.js';
import { summaryTable } from '../../render/text.js';
import { narrate } from '../../core/argos.js';
import { cliContext, out } from '../context.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const scanCommand = () =>
  new Command('scan')
    .description('judge many models (--model, repeatable, or --all)')
    .option('--model <model>', 'a model urn or name (repeatable)', collect)
    .option('--all', 'every ML model in DataHub')
    .option('--dry-run', 'judge and print what would be written, write nothing')
    .option('--json', 'print JSON')
    .action(async (opts: { model?: string[]; all?: boolean; dryRun?: boolean; json?: boolean }, cmd: Command) => {
      if (!opts.all && !opts.model?.length) throw new UsageError('scan needs --model <model> or --all');
      if (opts.all && opts.model?.length) throw new UsageError('use either --model or --all, not both');
      if (!opts.dryRun) throw new UsageError('writing evidence back to DataHub is not available yet: run with --dry-run');
      const ctx = cliContext(cmd);
      const models = opts.all ? (await listModels(ctx.client)).map((m) => m.urn) : opts.model!;
      const tty = process.stderr.isTTY === true;
      const verdicts = await scanModels(
        { client: ctx.client, policy: ctx.policy },
        { models, onProgress: (done, total, v) => tty && process.stderr.write(`\r\x1b[K[${done}/${total}] ${v.model.name}${done === total ? '\n' : ''}`) },
      );
      if (opts.json) out(JSON.stringify({ models: verdicts.map(verdictJson) }, null, 2));
      else out([...verdicts.map((v) => `Argos: ${narrate(v)[0]}`), '', summaryTable(verdicts)].join('\n'));
    });
