import type { Command } from 'commander';
import { runDemo } from '../../app/demo.js';
import { judgePolicy, loadConfig } from '../../config/index.js';
import { createLogger } from '../../log.js';
import { verdictsJson } from '../../render/json.js';
import { summaryTable, verdictText } from '../../render/text.js';
import { out } from '../context.js';

/** What `janus demo` does, loaded only when it runs (the simulator and the renderers are its own). */
export async function runDemoCommand(opts: { json?: boolean }, cmd: Command): Promise<void> {
  const { config: file } = cmd.optsWithGlobals<{ config?: string }>();
  const config = loadConfig({ ...(file ? { file } : {}) });
  const logger = createLogger({ ...config.log, level: config.log.level === 'info' ? 'warn' : config.log.level });
  const { verdicts, datahub } = await runDemo(judgePolicy(config.judge), logger);
  if (opts.json)
    return void out(
      JSON.stringify(
        verdictsJson(verdicts, (v) => v),
        null,
        2,
      ),
    );
  out(
    [
      `Janus demo: ${verdicts.length} models in the bundled catalog, judged on a DataHub simulator at ${datahub}.`,
      '',
      ...verdicts.map((v) => `${verdictText(v)}\n`),
      summaryTable(verdicts),
    ].join('\n'),
  );
}
