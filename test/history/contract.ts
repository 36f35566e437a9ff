import { describe, expect, it } from 'vitest';
import type { VerdictHistory } from '../../src/history/index.js';
import { troubledVerdict } from '../render/verdicts.js';
import { at, modelUrn, verdict } from './verdicts.js';

/** What every VerdictHistory must do; run against each implementation. `make(depth)` gives a fresh, empty one. */
export function scanHistoryContract(make: (depth?: number) => Promise<VerdictHistory>): void {
  describe('the VerdictHistory contract', () => {
    it('is empty before anything is recorded', async () => {
      const h = await make();
      expect(await h.history(modelUrn('fraud'))).toEqual([]);
      expect(await h.latest()).toEqual([]);
    });

    it("returns a model's judgments newest first, however they were recorded, cut to the limit", async () => {
      const h = await make();
      await h.record(verdict('fraud', 90, 'trusted', at(1)));
      await h.record(verdict('fraud', 60, 'caution', at(3)));
      await h.record(verdict('fraud', 80, 'at_risk', at(2)));
      await h.record(verdict('churn', 100, 'trusted', at(2)));
      expect(await h.history(modelUrn('fraud'))).toEqual([
        { scannedAt: at(3), score: 60, band: 'caution' },
        { scannedAt: at(2), score: 80, band: 'at_risk' },
        { scannedAt: at(1), score: 90, band: 'trusted' },
      ]);
      expect(await h.history(modelUrn('fraud'), 2)).toHaveLength(2);
      expect((await h.history(modelUrn('fraud'), 1))[0]!.scannedAt).toBe(at(3));
    });

    it('keeps only the newest `depth` judgments per model', async () => {
      const h = await make(3);
      for (let m = 0; m < 6; m++) await h.record(verdict('fraud', 50 + m, 'caution', at(m)));
      const kept = await h.history(modelUrn('fraud'));
      expect(kept.map((e) => e.score)).toEqual([55, 54, 53]);
    });

    it('keeps the latest summary per model, and an older judgment recorded late does not replace it', async () => {
      const h = await make();
      await h.record(verdict('fraud', 80, 'at_risk', at(5), ['target_leakage:x']));
      await h.record(verdict('fraud', 100, 'trusted', at(1)));
      await h.record(verdict('churn', 90, 'trusted', at(2), ['missing_owner:y']));
      await h.record(verdict('session', 60, 'caution', at(2), ['upstream_failure:z']));
      expect(await h.latest()).toEqual([
        {
          urn: modelUrn('session'),
          name: 'session',
          score: 60,
          band: 'caution',
          scannedAt: at(2),
          findings: ['upstream_failure:z'],
        },
        {
          urn: modelUrn('fraud'),
          name: 'fraud',
          score: 80,
          band: 'at_risk',
          scannedAt: at(5),
          findings: ['target_leakage:x'],
        },
        {
          urn: modelUrn('churn'),
          name: 'churn',
          score: 90,
          band: 'trusted',
          scannedAt: at(2),
          findings: ['missing_owner:y'],
        },
      ]);
    });

    it('filters the latest summaries by band and cuts them to the limit, lowest score first', async () => {
      const h = await make();
      await h.record(verdict('a', 70, 'caution', at(1)));
      await h.record(verdict('b', 55, 'caution', at(1)));
      await h.record(verdict('c', 30, 'at_risk', at(1)));
      await h.record(verdict('d', 95, 'trusted', at(1)));
      expect((await h.latest({ band: 'caution' })).map((s) => s.name)).toEqual(['b', 'a']);
      expect((await h.latest({ limit: 2 })).map((s) => s.name)).toEqual(['c', 'b']);
      expect(await h.latest({ band: 'at_risk', limit: 5 })).toHaveLength(1);
    });

    it("keeps each model's latest full verdict, evidence and all; an older one recorded late does not replace it", async () => {
      const h = await make();
      const full = troubledVerdict();
      expect(await h.latestVerdict(full.model.urn)).toBeUndefined();
      await h.record(full);
      expect(await h.latestVerdict(full.model.urn)).toEqual(full);
      const older = { ...full, score: 10, scannedAt: new Date(Date.parse(full.scannedAt) - 60_000).toISOString() };
      await h.record(older);
      expect(await h.latestVerdict(full.model.urn)).toEqual(full);
      const newer = {
        ...full,
        score: 55,
        findings: full.findings.slice(0, 1),
        scannedAt: new Date(Date.parse(full.scannedAt) + 60_000).toISOString(),
      };
      await h.record(newer);
      expect(await h.latestVerdict(full.model.urn)).toEqual(newer);
      expect(await h.latestVerdict(modelUrn('never-scanned'))).toBeUndefined();
    });
  });
}
