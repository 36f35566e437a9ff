import type { AcceptOptions } from './accept-run.js';
import { Command, InvalidArgumentError } from 'commander';

const days = (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a whole number of days');
  return Number(value);
};

export const acceptCommand = () =>
  new Command('accept')
    .description(
      "accept a model's finding, or a dataset's for every model below it, as a risk for a while: it leaves the score, stays in sight (owners, admins)",
    )
    .argument('<model|dataset>', 'model or dataset urn, or its name in DataHub (a model first)')
    .argument(
      '<finding>',
      "the finding's key (janus trust <model> --json), or its detector when the model (or the dataset) has one",
    )
    .requiredOption('--reason <text>', 'why the risk is acceptable (required)')
    .option('--until <date>', 'when it ends (2027-01-05 or ISO 8601); default judge.acceptance.defaultDays')
    .option('--days <n>', 'or: how many days it lasts', days)
    .option('--json', 'print the acceptance as JSON')
    .action(async (model: string, finding: string, opts: AcceptOptions, cmd: Command) =>
      (await import('./accept-run.js')).runAccept(model, finding, opts, cmd),
    );

export const acceptedCommand = () =>
  new Command('accepted')
    .description('list the risks accepted on models and datasets, active and lapsed, with who, why and until when')
    .argument('<models-or-datasets...>', 'model or dataset urns or names')
    .option('--json', 'print them as JSON')
    .action(async (models: string[], opts: { json?: boolean }, cmd: Command) =>
      (await import('./accept-run.js')).runAccepted(models, opts, cmd),
    );
