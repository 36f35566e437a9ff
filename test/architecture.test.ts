import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './architecture/cycles.js';
import { importGraph, type ImportEdge } from './architecture/import-graph.js';
import { layerViolations, type AllowedImport, type Layer } from './architecture/layers.js';
import { moduleState } from './architecture/module-state.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The layers of src, top to bottom (docs/architecture.md shows the same table). A file may import its own layer and
 * the layers below it, never one above; the edges (layer 2) never import one another: what two of them share moves
 * down a layer. Every file of src sits in one row: a new folder takes its place here.
 */
const LAYERS: readonly Layer[] = [
  { name: 'entry', paths: ['src/cli.ts', 'src/cli'] }, // parse argv, call compose, print
  { name: 'composition root', paths: ['src/compose'] }, // builds every store and client once; joins the edges
  { name: 'edges', paths: ['src/handlers', 'src/jobs', 'src/mcp', 'src/server'], apart: true },
  { name: 'presentation', paths: ['src/slack', 'src/render', 'src/html-report'] },
  { name: 'use cases', paths: ['src/app'] },
  { name: 'adapters', paths: ['src/datahub', 'src/history', 'src/queues'] },
  { name: 'redis', paths: ['src/redis'] },
  { name: 'config', paths: ['src/config'] },
  { name: 'core (pure)', paths: ['src/core'] },
  {
    name: 'foundations',
    paths: ['src/log.ts', 'src/errors.ts', 'src/stored-json.ts', 'src/version.ts', 'src/runtime'],
  },
];

/**
 * Imports against the table that stay until another change removes them, each with its reason: `from` and `to`
 * as repository files. Empty: keep it so (a new entry needs the change that will remove it named in `why`).
 */
const ALLOWED_AGAINST_LAYERS: readonly AllowedImport[] = [];
/** The DataHub simulator, a package of its own that Janus depends on. */
const SIM = 'packages/datahub-sim';
const edges = importGraph(ROOT, ['src', `${SIM}/src`]);
/** Where an import could reach into the simulator's files by path: all of Janus's TypeScript. */
const janusEdges = importGraph(ROOT, ['src', 'test', 'bench']);
/** The simulator's code and its tests. */
const simEdges = importGraph(ROOT, [`${SIM}/src`, `${SIM}/test`]);

const under = (tree: string) => (file: string | undefined) => file !== undefined && file.startsWith(`${tree}/`);
const inCore = under('src/core');
const inSim = under(SIM);
/** DataHub's urn grammar and waiting for a signal: the simulator's, plainly generic, and Janus uses them too. */
const inShared = under(`${SIM}/src/shared`);
const inHandlers = under('src/handlers');

/**
 * Packages core may use: what it imports today, all free of I/O. `node:crypto` is there for `createHash`
 * (write-back's stable ids), `@janus/datahub-sim/urn` for DataHub's urn grammar (a module that imports nothing);
 * neither is a door to I/O, unlike `node:fs`, `node:net`, `ioredis`, `pino`…
 */
const CORE_PACKAGES = new Set(['node:crypto', '@janus/datahub-sim/urn']);

const simManifest = JSON.parse(readFileSync(`${ROOT}/${SIM}/package.json`, 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);
/** What the simulator may import besides itself: Node and the packages its package.json declares (tests: dev ones too). */
const simMayImport = ({ from, specifier }: ImportEdge) =>
  isBuiltin(specifier) ||
  packageOf(specifier) in (simManifest.dependencies ?? {}) ||
  (under(`${SIM}/test`)(from) && packageOf(specifier) in (simManifest.devDependencies ?? {}));

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
    expect(simEdges.some((e) => under(`${SIM}/test`)(e.from) && e.to === undefined)).toBe(true);
    expect(janusEdges.some((e) => packageOf(e.specifier) === '@janus/datahub-sim')).toBe(true);
  });

  it('the shared helpers (packages/datahub-sim/src/shared) import nothing: no module, no package', () => {
    expectNone(edges.filter((e) => inShared(e.from) && !inShared(e.to)).map(describeEdge));
  });

  it('src/core imports only core and pure packages (no I/O)', () => {
    const allowed = (e: ImportEdge) => (e.to === undefined ? CORE_PACKAGES.has(e.specifier) : inCore(e.to));
    const violations = edges.filter((e) => inCore(e.from) && !allowed(e));
    expectNone(violations.map(describeEdge));
  });

  it('the simulator imports nothing from Janus: only its own files, Node and the packages it declares', () => {
    expectNone(simEdges.filter((e) => (e.to === undefined ? !simMayImport(e) : !inSim(e.to))).map(describeEdge));
  });

  it('Janus imports the simulator by its package name only, never by a path into packages/', () => {
    expectNone(janusEdges.filter((e) => under('packages')(e.to)).map(describeEdge));
  });

  it('src/core keeps no module-level mutable state: what a run derives lives in its JudgmentSession, passed in', () => {
    expectNone(moduleState(ROOT, 'src/core'));
  });

  it("src/datahub keeps no module-level memo of what it read: the run's entity cache holds what each read gives", () => {
    expectNone(moduleState(ROOT, 'src/datahub').filter((found) => /\bWeak(Map|Set)\b/.test(found)));
  });

  it('the check for module-level state finds it', () => {
    const found = moduleState(ROOT, 'test/architecture/fixtures');
    expect(found.map((f) => f.replace(/^.*fixtures\//, ''))).toEqual([
      'module-state.ts:2 let calls = 0;',
      'module-state.ts:3 memo = new WeakMap<object, number>()',
      'module-state.ts:4 seen = new Set<string>() as Set<string>',
    ]);
  });

  it('src follows the layer table: no import from a layer to one above it, none between two edges', () => {
    expectNone(layerViolations(LAYERS, edges, 'src', ALLOWED_AGAINST_LAYERS));
  });

  it('the layer check finds an import upwards, one between edges, and a folder outside the table', () => {
    const fixture = 'test/architecture/fixtures/layers';
    const found = layerViolations(LAYERS, importGraph(`${ROOT}/${fixture}`, ['src']), 'src');
    expect(found).toEqual([
      'src/stray/odd.ts sits in no layer of the table',
      "src/core/pure.ts imports '../cli/main.js': src/core (8 core (pure)) must not import src/cli (0 entry), a layer above",
      "src/handlers/listener.ts imports '../jobs/processor.js': src/handlers (2 edges) must not import src/jobs (2 edges), another edge",
    ]);
  });

  it('every allowed exception is still needed', () => {
    const stale = ALLOWED_AGAINST_LAYERS.filter((a) => !edges.some((e) => e.from === a.from && e.to === a.to));
    expectNone(stale.map((a) => `${a.from} → ${a.to} no longer imported: remove it from ALLOWED_AGAINST_LAYERS`));
  });

  it('no import cycles in src, handlers, jobs or the simulator', () => {
    expectNone(
      importCycles(edges).map(
        ({ loop, files }) =>
          `cycle ${loop.join(' → ')}${files.length > loop.length - 1 ? ` (knot of ${files.length} files: ${files.join(', ')})` : ''}`,
      ),
    );
  });
});
