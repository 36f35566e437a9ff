import { describe, expect, it } from 'vitest';
import { MEDIUM, SMALL } from '../../bench/catalogs.js';
import { lowerBound } from '../../bench/lower-bound.js';
import { janusOperationKinds, splitReadsWrites } from '../../bench/operation-kinds.js';
import type { CatalogFigures, JanusFigures, OneModelRow, SlackPathFigures } from '../../bench/figures.js';
import { judgeTargets } from '../../bench/targets.js';

const bound = (entities: number) => lowerBound({ entities, pageSize: 1000, batchSize: 250, rttMs: 20, concurrency: 1 });
const skipped: JanusFigures = { status: 'skipped', reason: 'not run' };

function catalog(over: Partial<CatalogFigures> & Pick<CatalogFigures, 'spec'>): CatalogFigures {
  return {
    via: 'janus sim generate', entities: 30_000, byType: {}, needed: 20_632,
    lowerBound: { needed: bound(20_632) }, naive: { exactRequests: 30_000_000 },
    dryRun: { status: 'done', requests: 120, ms: 12_000 }, writeBack: skipped, rescan: skipped, ...over,
  };
}

const row = (depth: number, janus: number, naive: number): OneModelRow => ({
  catalog: `depth-${depth}`, depth, model: 'model_00001', reached: naive / 2, hops: depth, janus: { status: 'done', requests: janus }, naive: { exactRequests: naive },
});

const slack: JanusFigures = { status: 'not measurable', reason: 'not measurable: no Slack handler yet' };
const find = (targets: ReturnType<typeof judgeTargets>, start: string) => targets.find((t) => t.target.startsWith(start))!;

describe('targets', () => {
  it('one model: holds only when every depth costs ≤ 3 requests and the naive walk grows', () => {
    expect(find(judgeTargets({ oneModel: [row(2, 3, 18), row(6, 3, 258)], catalogs: [], slack }), 'One model').holds).toBe(true);
    expect(find(judgeTargets({ oneModel: [row(2, 4, 18), row(6, 5, 258)], catalogs: [], slack }), 'One model').holds).toBe(false);
    expect(find(judgeTargets({ oneModel: [row(2, 3, 258), row(6, 3, 18)], catalogs: [], slack }), 'One model').holds).toBe(false);
  });

  it('medium: judges requests against the bound over the entities the models need', () => {
    const within = judgeTargets({ oneModel: [], catalogs: [catalog({ spec: MEDIUM })], slack });
    expect(find(within, 'Medium catalog: requests').holds).toBe(true);
    expect(find(within, 'Medium catalog: ≥ 20').holds).toBe(true);
    expect(find(within, 'Medium catalog: wall').holds).toBe(true);
    const over = judgeTargets({ oneModel: [], catalogs: [catalog({ spec: MEDIUM, dryRun: { status: 'budget', requests: 138, readMs: 17_000, wallMs: 90_000 } })], slack });
    expect(find(over, 'Medium catalog: requests').holds).toBe(false);
    expect(find(over, 'Medium catalog: wall').holds).toBe(false);
  });

  it('a stopped scan still under the bound is not judged', () => {
    const stopped = judgeTargets({ oneModel: [], catalogs: [catalog({ spec: MEDIUM, dryRun: { status: 'budget', requests: 50 } })], slack });
    expect(find(stopped, 'Medium catalog: requests').holds).toBeNull();
  });

  it('rescan: holds with no mutations and fewer reads than the write-back; pending says so', () => {
    const done = catalog({ spec: SMALL, writeBack: { status: 'done', reads: 97, mutations: 261 }, rescan: { status: 'done', reads: 9, mutations: 0 } });
    expect(find(judgeTargets({ oneModel: [], catalogs: [done], slack }), 'Unchanged rescan').holds).toBe(true);
    const wrote = catalog({ spec: SMALL, writeBack: { status: 'done', reads: 97, mutations: 261 }, rescan: { status: 'done', reads: 9, mutations: 3 } });
    expect(find(judgeTargets({ oneModel: [], catalogs: [wrote], slack }), 'Unchanged rescan').holds).toBe(false);
    const pending = catalog({ spec: SMALL, writeBack: { status: 'pending', reason: 'pending (write-back not landed)' } });
    expect(find(judgeTargets({ oneModel: [], catalogs: [pending], slack }), 'Unchanged rescan')).toMatchObject({ holds: null, detail: 'pending (write-back not landed)' });
  });

  it('medium write-back: write requests against the batched lower bound, and its time', () => {
    const byKind = { createTag: 1, createProperty: 3, setTrust: 1000, addTag: 1000 }; // bound at 50 a batch: 1 + 1 + 20 + 20 = 42
    const wrote = (requests: number, ms: number) => catalog({
      spec: MEDIUM, dryRun: { status: 'done', requests: 38, ms: 10_000 },
      writeBack: { status: 'done', requests, mutationRequests: requests - 38, ms, writes: { planned: 2004, applied: 2004, failed: 0, byKind, batch: 50 } },
    });
    const within = judgeTargets({ oneModel: [], catalogs: [wrote(38 + 63, 19_000)], slack });
    expect(find(within, 'Medium write-back: write requests')).toMatchObject({ holds: true, detail: expect.stringContaining('= 42 (1.50×)') });
    expect(find(within, 'Medium write-back: first').holds).toBe(true);
    const over = judgeTargets({ oneModel: [], catalogs: [wrote(38 + 64, 21_000)], slack });
    expect(find(over, 'Medium write-back: write requests').holds).toBe(false);
    expect(find(over, 'Medium write-back: first').holds).toBe(false);
    expect(find(judgeTargets({ oneModel: [], catalogs: [catalog({ spec: MEDIUM })], slack }), 'Medium write-back: write requests').holds).toBeNull();
  });

  it('Slack: not measurable until there is a handler', () => {
    expect(find(judgeTargets({ oneModel: [], catalogs: [], slack }), '`/janus trust`')).toMatchObject({ holds: null, detail: slack.reason });
  });

  it('Slack: judged on the medium catalog\'s answers from the scan history', () => {
    const path = (over: Partial<SlackPathFigures>): SlackPathFigures => ({
      catalog: 'medium', path: 'scan', status: 'done', requests: 40, models: 40, p50Ms: 90, p95Ms: 140, maxMs: 200, fromScan: 40, judgedNow: 0, ...over,
    });
    const judged = (history: SlackPathFigures) => find(judgeTargets({ oneModel: [], catalogs: [], slack: { status: 'done', history } }), '`/janus trust`');
    expect(judged(path({}))).toMatchObject({ holds: true, detail: expect.stringContaining('p95 140 ms') });
    expect(judged(path({ p95Ms: 1_600 })).holds).toBe(false);
    expect(judged(path({ fromScan: 39, judgedNow: 1 })).holds).toBe(false);
    expect(judged(path({ catalog: 'small' })).holds).toBeNull();
  });
});

describe("Janus's operations", () => {
  it('are told apart into reads and writes from their .graphql files', () => {
    const kinds = janusOperationKinds();
    expect(kinds.JanusEntities).toBe('query');
    expect(kinds.JanusRaiseIncident).toBe('mutation');
    expect(splitReadsWrites({ JanusEntities: 6, JanusRaiseIncident: 19, Unknown: 1 }, kinds)).toEqual({ reads: 7, writes: 19 });
  });
});
