import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './architecture/cycles.js';
import { importGraph, type ImportEdge } from './architecture/import-graph.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const edges = importGraph(ROOT, ['src', 'handlers', 'jobs']);

const under = (tree: string) => (file: string | undefined) => file !== undefined && file.startsWith(`${tree}/`);
const inCore = under('src/core');
const inSim = under('src/sim');
const inSlack = under('src/slack');
/** Plainly generic helpers (DataHub's urn grammar, waiting for a signal) that both Janus and the simulator use. */
const inShared = under('src/shared');
const inHandlers = under('handlers');

/**
 * Packages core may use: what it imports today, all free of I/O. `node:crypto` is there for `createHash`
 * (write-back's stable ids); it is not a door to I/O, unlike `node:fs`, `node:net`, `ioredis`, `pino`…
 */
const CORE_PACKAGES = new Set(['node:crypto']);

const describeEdge = ({ from, specifier, to }: ImportEdge) => `${from} imports '${specifier}'${to ? ` (${to})` : ''}`;

function expectNone(violations: string[]): void {
  if (violations.length > 0) console.error(`${violations.length} violation(s):\n  ${violations.join('\n  ')}`);
  expect(violations).toEqual([]);
}

describe('architecture', () => {
  it('finds the imports it judges', () => {
    expect(edges.some((e) => inCore(e.from))).toBe(true);
    expect(edges.some((e) => inSim(e.from))).toBe(true);
    expect(edges.some((e) => inHandlers(e.from))).toBe(true);
    expect(edges.some((e) => inShared(e.from) || inShared(e.to))).toBe(true);
  });

  it('src/shared imports nothing: no Janus module, no package', () => {
    expectNone(edges.filter((e) => inShared(e.from) && !inShared(e.to)).map(describeEdge));
  });

  it('src/core imports only core, src/shared and pure packages (no I/O)', () => {
    const allowed = (e: ImportEdge) =>
      e.to === undefined ? CORE_PACKAGES.has(e.specifier) : inCore(e.to) || inShared(e.to);
    const violations = edges.filter((e) => inCore(e.from) && !allowed(e));
    expectNone(violations.map(describeEdge));
  });

  it('src/sim imports nothing from Janus (only itself, src/shared and packages)', () => {
    expectNone(
      edges.filter((e) => inSim(e.from) && e.to !== undefined && !inSim(e.to) && !inShared(e.to)).map(describeEdge),
    );
  });

  it('src/slack never imports handlers: handlers use src/slack, and the composition root (src/cli) joins them', () => {
    expectNone(edges.filter((e) => inSlack(e.from) && inHandlers(e.to)).map(describeEdge));
  });

  it('no import cycles in src, handlers or jobs', () => {
    expectNone(
      importCycles(edges).map(
        ({ loop, files }) =>
          `cycle ${loop.join(' → ')}${files.length > loop.length - 1 ? ` (knot of ${files.length} files: ${files.join(', ')})` : ''}`,
      ),
    );
  });
});
