// docs/how-it-works.md: the architecture (read → judge → plan → apply → notify) and the service's cycle as SVG
// (docs/public/generated/), and idempotency shown by a captured run: `janus scan --all` twice against a fresh demo
// simulator, the first writing N changes, the second 0, with the simulator's own count of requests and mutations.
import fs from 'node:fs';
import path from 'node:path';
import { flowSvg } from './lib/flow-svg.mjs';
import { int } from './lib/format.mjs';
import { janusOk, withDemoSim } from './lib/janus-process.mjs';
import { argosLine, fenced, fromBuild, generatedNote, table, writeOut } from './lib/write-out.mjs';

/** The five steps, each with where it lives: a folder that moves fails the build here rather than lying on the page. */
const STEPS = [
  { title: 'read', lines: ['lineage, owners, runs,', 'SLAs through GraphQL'], where: 'src/datahub/' },
  { title: 'judge', lines: ['detectors, score, band;', 'pure, no I/O'], where: 'src/core/detectors/' },
  { title: 'plan', lines: ['the writes that make', 'DataHub match; pure'], where: 'src/core/writeback/' },
  { title: 'apply', lines: ['batched, locked,', 're-read before raising'], where: 'src/datahub/writeback/' },
  { title: 'notify', lines: ['transitions to Slack,', 'once per change'], where: 'src/slack/alerts/' },
];

/** The service's cycle (docs/architecture.md, "A cycle"). */
const CYCLE = [
  { title: 'lock', lines: ['one cycle at a time,', 'any number of workers'], where: 'src/jobs/service-state.ts' },
  { title: 'read, judge', lines: ['only models whose', 'upstream moved'], where: 'src/app/incremental-judge.ts' },
  { title: 'transitions', lines: ['against what was', 'announced; pure'], where: 'src/core/transitions.ts' },
  { title: 'write', lines: ['the plan fanned out', 'as BullMQ jobs'], where: 'src/app/cycle/' },
  { title: 'commit', lines: ['once every write', 'landed; then notify'], where: 'src/app/cycle/commit-cycle.ts' },
];

function checkWhere(root, steps) {
  for (const s of steps)
    if (!fs.existsSync(path.join(root, s.where))) throw new Error(`${s.where} (step "${s.title}") does not exist`);
}

/** `30 s`, `10 min`, `2 h`: a period as the config gives it. */
function period(ms) {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/** `janus scan --all` on the simulator, with what the simulator counted while it ran. */
async function scanOnce(root, sim) {
  const before = sim.stats();
  const printed = await janusOk(root, ['scan', '--all'], sim.url);
  const after = sim.stats();
  const wrote = /^Wrote (\d+) change\(s\) to DataHub\./m.exec(printed);
  if (!wrote) throw new Error(`janus scan --all printed no "Wrote N change(s)" line:\n${printed}`);
  return {
    printed: printed.replaceAll(sim.url, '<the simulator>'),
    wrote: Number(wrote[1]),
    requests: after.requests - before.requests,
    mutations: after.mutations - before.mutations,
    // the lines under "Wrote N change(s)": `  <kind> <subject>`
    kinds: printed
      .slice(wrote.index)
      .split('\n')
      .slice(1)
      .map((l) => /^\s+(\w+)\s/.exec(l)?.[1])
      .filter(Boolean),
  };
}

function countsOf(kinds) {
  const counts = new Map();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts];
}

function page({ first, again, cycle }) {
  const argos = `My first scan of the demo catalog wrote ${first.wrote} ${first.wrote === 1 ? 'change' : 'changes'} into DataHub; the second, over the same catalog, wrote ${again.wrote}.`;
  return [
    generatedNote('30-how-it-works.mjs'),
    '# How it works',
    '',
    argosLine(argos),
    '',
    'Janus **reads** a model’s upstream supply chain from DataHub, **judges** it (a pure function: the same facts always give the same verdict), **plans** the writes that make DataHub show the evidence, **applies** them, and **notifies** the people whose models moved.',
    '',
    '![read → judge → plan → apply → notify](/generated/architecture.svg)',
    '',
    'The layers, the words and the import rules behind it: [the architecture](./architecture.md).',
    '',
    '## The service’s cycle',
    '',
    `\`janus serve\` runs the same steps as a cycle on Redis and BullMQ, every ${period(cycle.interval)} by default (\`cycle.interval\`), re-reading the whole catalog every ${period(cycle.refresh)} (\`cycle.refresh\`) and otherwise only what moved. Any number of \`janus worker\` processes share the writes; a lock keeps one cycle running at a time.`,
    '',
    '![The service’s cycle: lock, read and judge, transitions, write, commit, again](/generated/cycle.svg)',
    '',
    'Each step, what happens when one fails, and what to watch: [a cycle](./architecture.md#a-cycle).',
    '',
    '## Why a rerun writes nothing',
    '',
    'The plan is a pure function of the verdicts and of what DataHub holds: a write is planned only where DataHub differs from what the verdicts want. So a scan of an unchanged catalog writes nothing, however often it runs. Captured when this page was built, against a fresh demo simulator:',
    '',
    table(
      ['run', 'changes written (Janus)', 'GraphQL requests', 'mutations (the simulator’s count)'],
      [
        ['`janus scan --all`, first', int(first.wrote), int(first.requests), int(first.mutations)],
        ['`janus scan --all`, again', int(again.wrote), int(again.requests), int(again.mutations)],
      ],
    ),
    '',
    'The first run printed:',
    '',
    fenced(first.printed),
    '',
    'The second:',
    '',
    fenced(again.printed),
    '',
    '## What it writes, and where',
    '',
    'The first run’s changes by kind:',
    '',
    table(
      ['kind', 'changes'],
      countsOf(first.kinds).map(([k, n]) => [`\`${k}\``, int(n)]),
    ),
    '',
    'Each kind, its DataHub entity and its convention (incidents on the offending dataset, a guarding assertion per root cause, the trust score and band as structured properties, the `model-at-risk` tag, the link to the report), and how a person’s resolution is respected: [write-back](./write-back.md). What Janus reads where DataHub has no field of its own (a model’s label, a table’s freshness SLA, a departed owner): [conventions](./conventions.md).',
    '',
  ].join('\n');
}

export async function generate({ root, out }) {
  const started = Date.now();
  checkWhere(root, [...STEPS, ...CYCLE]);
  const { cycleSchema } = await fromBuild(root, 'src/config/cycle.js');
  const cycle = cycleSchema.parse({});
  // one after the other: the second run is the rerun of the first, on the same catalog
  const runs = await withDemoSim(async (sim) => {
    const first = await scanOnce(root, sim);
    const again = await scanOnce(root, sim);
    return { first, again };
  });
  if (runs.first.wrote === 0) throw new Error('the first scan of the demo catalog wrote nothing: nothing to show');
  const files = [
    writeOut(out, 'docs/how-it-works.md', page({ ...runs, cycle })),
    writeOut(
      out,
      'docs/public/generated/architecture.svg',
      flowSvg({ title: 'read → judge → plan → apply → notify', stages: STEPS }),
    ),
    writeOut(
      out,
      'docs/public/generated/cycle.svg',
      flowSvg({
        title: 'The service’s cycle',
        stages: CYCLE,
        loop: `again every ${period(cycle.interval)}\n(cycle.interval)`,
      }),
    ),
  ];
  console.log(`docs-gen 30-how-it-works: ${files.length} files in ${Date.now() - started} ms`);
  return files;
}

export default (root) => generate({ root, out: root });
