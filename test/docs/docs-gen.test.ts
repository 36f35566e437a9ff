import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETECTORS } from '../../src/core/detectors/registry.js';
import { requireBuiltCli } from '../support/built-cli.js';

/**
 * The site's generated pages (scripts/docs-gen/, `npm run docs:gen`), made into a temporary folder: a page for every
 * registered detector with a real run's evidence, the numbers page equal to bench/results.json, and the captured
 * idempotent rescan. The generators run the built CLI against the demo simulator (an integration test).
 */

interface Generator {
  generate(o: { root: string; out: string }): Promise<string[]>;
}
const generator = async (name: string) =>
  (await import(path.resolve('scripts/docs-gen', name))) as Generator & Record<string, unknown>;

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-docs-gen-test-'));
const read = (rel: string) => fs.readFileSync(path.join(out, rel), 'utf8');
const RESULTS = JSON.parse(fs.readFileSync('bench/results.json', 'utf8'));

beforeAll(async () => {
  requireBuiltCli();
  for (const name of ['10-detectors.mjs', '20-numbers.mjs', '30-how-it-works.mjs'])
    await (await generator(name)).generate({ root: process.cwd(), out });
}, 120_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** The body rows of the first table under the `## heading` (or the `n`th table there), as cells. */
function rows(page: string, heading: string, n = 0): string[][] {
  const start = page.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = page.indexOf('\n## ', start + 1);
  const lines = page.slice(start, end < 0 ? undefined : end).split('\n');
  const tables: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of lines) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    if (!current) tables.push((current = []));
    current.push(
      line
        .slice(2, -2)
        .split(' | ')
        .map((c) => c.trim()),
    );
  }
  const table = tables[n];
  if (!table) throw new Error(`section "${heading}" has no table ${n}`);
  return table.slice(2);
}

const num = (cell: string) => Number(cell.replace(/[,×]/g, '').replace(/ MB$/, ''));
/** A duration cell back in ms, and how far its rounding may be off. */
function ms(cell: string): [value: number, within: number] {
  const m = /^([\d.]+) (ms|s)$/.exec(cell);
  if (!m) throw new Error(`not a duration: ${cell}`);
  return m[2] === 'ms' ? [Number(m[1]), 0.5] : [Number(m[1]) * 1000, 50];
}

interface CliRow {
  catalog: string;
  step: string;
  date: string;
  status: string;
  median?: { requests: number; wallMs: number; peakRssMb: number };
}
type Results = typeof RESULTS;

/** Every figure of the numbers page that differs from the results it was rendered from, as `where: page ≠ json`. */
function mismatches(page: string, r: Results): string[] {
  const wrong: string[] = [];
  const same = (where: string, cell: string | undefined, want: number | undefined) => {
    if (want === undefined) {
      if (cell !== '–') wrong.push(`${where}: ${cell} ≠ –`);
    } else if (cell === undefined || num(cell) !== want) wrong.push(`${where}: ${cell} ≠ ${want}`);
  };
  const sameMs = (where: string, cell: string | undefined, want: number) => {
    const [value, within] = ms(cell ?? '');
    if (Math.abs(value - want) > within) wrong.push(`${where}: ${cell} ≠ ${want} ms`);
  };
  const cli = (catalog: string, step: string, date: string) =>
    (r.cli as CliRow[]).find((c) => c.catalog === catalog && c.step === step && c.date === date);

  if (!page.includes(r.meta.date) || !page.includes(`\`${r.meta.commit}\``)) wrong.push('the run’s date or commit');

  const oneModel = rows(page, 'One model');
  for (const o of r.oneModel) {
    const row = oneModel.find((c) => c[0] === o.catalog);
    if (!row) {
      wrong.push(`one model: no row ${o.catalog}`);
      continue;
    }
    same(`${o.catalog} depth`, row[1], o.depth);
    same(`${o.catalog} reached`, row[2], o.reached);
    same(`${o.catalog} Janus requests`, row[3], o.janus.requests);
    same(`${o.catalog} naive requests`, row[4], o.naive?.exactRequests);
  }
  for (const row of rows(page, 'One model', 1))
    ['trust', 'trust-urn'].forEach((step, i) =>
      ['own', 'stale'].forEach((date, j) =>
        same(`${row[0]} ${step} ${date}`, row[1 + i * 2 + j], cli(row[0]!, step, date)?.median?.requests),
      ),
    );

  const catalogs = rows(page, 'A whole catalog');
  for (const c of r.catalogs) {
    const row = catalogs.find((x) => x[0] === c.spec.name) ?? [];
    same(`${c.spec.name} models`, row[1], c.spec.models);
    same(`${c.spec.name} needed`, row[3], c.needed);
    same(`${c.spec.name} Janus requests`, row[4], cli(c.spec.name, 'dry-run', 'own')?.median?.requests);
    same(`${c.spec.name} lower bound`, row[5], c.lowerBound?.needed?.requests);
    same(`${c.spec.name} naive`, row[7], c.naive?.exactRequests ?? undefined);
  }

  const cycles = rows(page, 'The service’s cycle');
  const runs = [r.service.unchanged.first, ...r.service.unchanged.cycles];
  if (cycles.length !== runs.length) wrong.push(`cycles: ${cycles.length} rows ≠ ${runs.length}`);
  runs.forEach((c: Record<string, number>, i: number) => {
    const row = cycles[i] ?? [];
    same(`cycle ${i} judged`, row[2], c.judged);
    sameMs(`cycle ${i} start → commit`, row[3], c.cycleMs!);
    sameMs(`cycle ${i} CPU`, row[4], c.cpuMs!);
    same(`cycle ${i} requests`, row[5], c.requests);
    same(`cycle ${i} response bytes`, row[6], c.responseBytes);
    same(`cycle ${i} mutations`, row[7], c.mutations);
    same(`cycle ${i} transitions`, row[8], c.transitions);
    same(`cycle ${i} RSS`, row[9], c.rssMb);
  });

  const growth = rows(page, 'Memory and time');
  for (const g of r.growth) {
    const row = growth.find((x) => x[2] === g.catalog) ?? [];
    same(`${g.catalog} models`, row[0], g.spec.models);
    sameMs(`${g.catalog} wall`, row[3], g.median.wallMs);
    same(`${g.catalog} peak RSS`, row[4], g.median.peakRssMb);
    same(`${g.catalog} requests`, row[5], g.median.requests);
  }
  const targets = rows(page, 'Targets');
  r.targets.forEach((t: { holds: boolean }, i: number) => {
    if (targets[i]?.[1] !== (t.holds ? 'holds' : '**misses**')) wrong.push(`target ${i}: ${targets[i]?.[1]}`);
  });
  return wrong;
}

describe('the detector pages (docs/catches/)', () => {
  it('has a page for every registered detector, its registration and a real trust run with its finding', () => {
    const index = read('docs/catches/index.md');
    for (const d of DETECTORS) {
      const page = read(`docs/catches/${d.name}.md`);
      expect(index).toContain(`[\`${d.name}\`](./${d.name}.md)`);
      expect(page).toContain(`# ${d.phrasing.trouble} (\`${d.name}\`)`);
      expect(page).toMatch(/^<!-- generated by/);
      expect(page).toContain('\n> **Argos:** ');
      expect(page).toContain(`| weight | ${d.weight} |`);
      expect(page).toContain(`| severity | ${d.severity} |`);
      expect(page).toContain(`| reads | ${d.needs.join(', ')} |`);
      // the evidence as janus printed it: the verdict's first line and the finding's row in the deductions
      const trust = /`janus trust (\w+)` printed:\n\n```text\n([\s\S]*?)\n```/.exec(page);
      expect(trust, d.name).not.toBeNull();
      expect(trust![2]).toMatch(new RegExp(`^Argos: ${trust![1]} scores \\d+/100\\.`));
      expect(trust![2]).toMatch(new RegExp(`-${d.weight} +${d.name} +${d.severity} `));
      // the alert a first cycle posts for it: the planner's Block Kit, its header naming the trouble
      const kit = /<summary>The Block Kit JSON<\/summary>\n\n```json\n([\s\S]*?)\n```/.exec(page);
      expect(kit, `${d.name}: no Slack alert`).not.toBeNull();
      expect(JSON.parse(kit![1]!).blocks[0].text.text).toContain(`${d.phrasing.trouble}: `);
      const report = /<a href="\/generated\/reports\/([^"]+)"/.exec(page)![1]!;
      expect(read(`docs/public/generated/reports/${decodeURIComponent(report)}`)).toContain('<svg');
    }
    expect(fs.readdirSync(path.join(out, 'docs/catches')).sort()).toEqual(
      ['index.md', ...DETECTORS.map((d) => `${d.name}.md`)].sort(),
    );
  });
});

/** A PNG's width and height, from its header. */
function pngSize(file: string): [number, number] {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(head.subarray(1, 4).toString(), file).toBe('PNG');
  return [head.readUInt32BE(16), head.readUInt32BE(20)];
}

describe('the detector pages’ pictures (docs/img/catches/, npm run docs:pictures)', () => {
  const PICTURES = 'docs/img/catches';

  it('show each detector’s report and Slack alert, with alt text, from committed files about 900 px wide', () => {
    for (const d of DETECTORS) {
      const page = read(`docs/catches/${d.name}.md`);
      const shown = [...page.matchAll(/!\[([^\]]*)\]\(\.\.\/img\/catches\/([^)]+)\)/g)].map((m) => ({
        alt: m[1]!,
        file: m[2]!,
      }));
      expect(shown.map((s) => s.file).sort(), d.name).toEqual([`report-${d.name}.png`, `slack-${d.name}.png`]);
      expect(shown.find((s) => s.file.startsWith('slack-'))!.alt).toMatch(
        /^The Slack alert Janus posts for this finding/,
      );
      expect(shown.find((s) => s.file.startsWith('report-'))!.alt).toMatch(
        /^The top of the Model Impact Report of \w+/,
      );
      for (const { file } of shown) {
        const [width, height] = pngSize(path.join(PICTURES, file));
        expect(width, file).toBe(900);
        expect(height, file).toBeLessThan(2000);
      }
    }
  });

  it('are the registered detectors’ pictures and no others', () => {
    expect(fs.readdirSync(PICTURES).sort()).toEqual(
      DETECTORS.flatMap((d) => [`report-${d.name}.png`, `slack-${d.name}.png`]).sort(),
    );
  });

  it('fail the build, naming the picture, when a detector has none', async () => {
    const { pictures } = (await generator('10-detectors.mjs')) as unknown as {
      pictures(root: string, detector: string): { report: string; slack: string };
    };
    expect(pictures(process.cwd(), DETECTORS[0]!.name).slack).toBe(`../img/catches/slack-${DETECTORS[0]!.name}.png`);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-docs-gen-pictures-'));
    try {
      fs.mkdirSync(path.join(root, PICTURES), { recursive: true });
      fs.copyFileSync(
        path.join(PICTURES, 'report-target_leakage.png'),
        path.join(root, PICTURES, 'report-target_leakage.png'),
      );
      expect(() => pictures(root, 'target_leakage')).toThrow(
        /^docs\/img\/catches\/slack-target_leakage\.png is missing: the page of detector target_leakage shows it/,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the numbers page (docs/numbers.md)', () => {
  it('shows the figures of bench/results.json and its charts', () => {
    expect(mismatches(read('docs/numbers.md'), RESULTS)).toEqual([]);
    for (const svg of ['requests-by-depth.svg', 'catalog-requests.svg', 'growth.svg'])
      expect(read(`docs/public/generated/${svg}`)).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('is told from the results it renders: another figure in the JSON shows as a mismatch', async () => {
    const { renderNumbers } = (await generator('20-numbers.mjs')) as unknown as {
      renderNumbers(r: Results): Promise<{ page: string }>;
    };
    const changed = structuredClone(RESULTS);
    changed.oneModel[0].janus.requests += 1;
    changed.service.unchanged.first.mutations += 1;
    expect(mismatches(read('docs/numbers.md'), changed)).toEqual([
      `${changed.oneModel[0].catalog} Janus requests: ${RESULTS.oneModel[0].janus.requests} ≠ ${changed.oneModel[0].janus.requests}`,
      expect.stringMatching(new RegExp(`^cycle 0 mutations: [\\d,]+ ≠ ${changed.service.unchanged.first.mutations}$`)),
    ]);
    expect(mismatches((await renderNumbers(changed)).page, changed)).toEqual([]);
  });
});

describe('how it works (docs/how-it-works.md)', () => {
  it('shows a captured first scan that wrote, and a rerun that wrote nothing', () => {
    const page = read('docs/how-it-works.md');
    const [first, again] = rows(page, 'Why a rerun writes nothing');
    expect(num(first![1]!)).toBeGreaterThan(0);
    expect(num(first![3]!)).toBeGreaterThan(0);
    expect([again![1], again![3]]).toEqual(['0', '0']);
    expect(page).toContain(`Wrote ${first![1]} change(s) to DataHub.`);
    expect(page).toContain('Wrote 0 change(s) to DataHub.');
    for (const svg of ['architecture.svg', 'cycle.svg']) expect(read(`docs/public/generated/${svg}`)).toMatch(/^<svg/);
  });
});
