import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { modelInHistory, summaryOf } from '../../src/history/index.js';
import { at, modelUrn, verdict } from './verdicts.js';

const known = ['fraud_detector_v4', 'Churn', 'session_intent_v1'].map((name) =>
  summaryOf(verdict(name, 70, 'caution', at(1))),
);

describe('a model named to the scan history', () => {
  it("by urn, with the name the history knows (or the urn's short name)", () => {
    expect(modelInHistory(modelUrn('Churn'), known)).toEqual({ urn: modelUrn('Churn'), name: 'Churn' });
    expect(modelInHistory(modelUrn('unseen'), known)).toEqual({ urn: modelUrn('unseen'), name: 'unseen' });
  });

  it('by exact name, then by a name that differs only in case', () => {
    expect(modelInHistory('fraud_detector_v4', known).urn).toBe(modelUrn('fraud_detector_v4'));
    expect(modelInHistory('churn', known).urn).toBe(modelUrn('Churn'));
  });

  it('an unknown name: a usage error with the closest names; an empty history says so', () => {
    expect(() => modelInHistory('fraud_detector', known)).toThrow(/closest: fraud_detector_v4, /);
    expect(() => modelInHistory('fraud_detector', known)).toThrow(UsageError);
    expect(() => modelInHistory('fraud', [])).toThrow(/scan history: it is empty/);
  });
});
