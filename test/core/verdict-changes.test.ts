import { describe, expect, it } from 'vitest';
import { gateChanges, gateVerdict, type GatePolicy } from '../../src/app/gate.js';
import { changesNothing, verdictChanges } from '../../src/core/verdict-changes.js';
import { changeSentences } from '../../src/core/verdict-changes-words.js';
import type { Verdict } from '../../src/core/verdict.js';
import { cleanVerdict, troubledVerdict } from '../render/verdicts.js';

const HIGH: GatePolicy = { failOn: 'high' };
/** The troubled model as the catalog holds it before any of its trouble: the same model, clean. */
const asClean = (v: Verdict): Verdict => ({ ...cleanVerdict(), model: v.model });

describe('what a proposed change does to a verdict', () => {
  const troubled = troubledVerdict();
  const clean = asClean(troubled);

  it('a change that brings findings introduces them, the blocking ones marked, and the model is now blocked', () => {
    const [c] = gateChanges([gateVerdict(clean, HIGH)], [gateVerdict(troubled, HIGH)]);
    expect(c!.introduced.map((f) => f.finding.key)).toEqual(troubled.findings.map((f) => f.key));
    expect(c!.introduced.filter((f) => f.blocking).map((f) => f.finding.severity)).toEqual(
      troubled.findings.filter((f) => f.severity === 'critical' || f.severity === 'high').map((f) => f.severity),
    );
    expect(c!.introduced.some((f) => !f.blocking)).toBe(true);
    expect(c).toMatchObject({ removed: [], changed: [], blocked: { before: false, after: true } });
    expect(c!.score).toEqual({ before: 100, after: troubled.score });
    const leak = troubled.findings.find((f) => f.detector === 'target_leakage')!;
    expect(changeSentences(c!)).toContain(
      `This change introduces target leakage (critical) into ${troubled.model.name}: ${leak.message}`,
    );
    expect(changeSentences(c!).at(-1)).toBe(
      `${troubled.model.name}: score 100 → ${troubled.score} (${troubled.band}), now blocked.`,
    );
  });

  it('the reverse removes them, the ones that blocked marked', () => {
    const [c] = gateChanges([gateVerdict(troubled, HIGH)], [gateVerdict(clean, HIGH)]);
    expect(c!.removed.map((f) => f.finding.key)).toEqual(troubled.findings.map((f) => f.key));
    expect(c!.removed.some((f) => f.blocking)).toBe(true);
    expect(c).toMatchObject({ introduced: [], blocked: { before: true, after: false } });
    expect(changeSentences(c!)[0]).toMatch(/^This change removes .* from fraud_model: /);
  });

  it('the same verdict on both sides: nothing changes, in one sentence', () => {
    const [c] = gateChanges([gateVerdict(troubled, HIGH)], [gateVerdict(troubledVerdict(), HIGH)]);
    expect(changesNothing(c!)).toBe(true);
    expect(changeSentences(c!)).toEqual(['This change changes nothing Janus judges in fraud_model.']);
  });

  it('a finding reached along another column chain is the same finding with changed evidence', () => {
    const longer: Verdict = {
      ...troubled,
      findings: troubled.findings.map((f) =>
        f.detector === 'target_leakage'
          ? { ...f, evidence: { ...f.evidence, chains: [...(f.evidence.chains as string[][]), ['a', 'b', 'c']] } }
          : f,
      ),
    };
    const [c] = verdictChanges(
      [{ verdict: troubled, blocking: [], blocked: true }],
      [{ verdict: longer, blocking: longer.findings.filter((f) => f.detector === 'target_leakage'), blocked: true }],
    );
    expect(c!.changed).toEqual([
      { finding: longer.findings.find((f) => f.detector === 'target_leakage'), blocking: true },
    ]);
    expect(c).toMatchObject({ introduced: [], removed: [] });
    expect(changesNothing(c!)).toBe(false);
  });

  it('pairs models by urn, in the order judged with the change; a model without a verdict before is left out', () => {
    const other: Verdict = {
      ...cleanVerdict(),
      model: { urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,x,PROD)', name: 'x' },
    };
    const changes = gateChanges(
      [gateVerdict(troubled, HIGH), gateVerdict(other, HIGH)],
      [
        gateVerdict(other, HIGH),
        gateVerdict(clean, HIGH),
        gateVerdict({ ...other, model: { urn: 'u', name: 'u' } }, HIGH),
      ],
    );
    expect(changes.map((c) => c.model.name)).toEqual(['x', 'fraud_model']);
  });
});
