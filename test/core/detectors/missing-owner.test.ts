import { describe, expect, it } from 'vitest';
import { missingOwner } from '../../../src/core/detectors/missing-owner.js';
import { alice, bob, ds } from '../builder.js';
import { chain } from './chains.js';
import { findingsOf } from './rule.js';

describe('missing_owner', () => {
  it('fires on the model or a first-hop input with no owner, naming departed owners', () => {
    const b = chain()
      .model({ owners: [bob] })
      .dataset('train', { owners: [] })
      .training('train');
    const findings = findingsOf(missingOwner, b.g);
    expect(findings.map((f) => f.entity)).toEqual([b.g.model, ds('train')]);
    expect(findings[0]!.message).toBe('fraud_model is owned only by people who have left: bob.');
    expect(findings[1]!.message).toBe('train has no owner.');
  });

  it('does not fire when an owner is still active, nor on deeper upstream tables', () => {
    const b = chain()
      .model({ owners: [bob, alice] })
      .dataset('raw', { owners: [] })
      .lineage('clean', 'raw');
    expect(findingsOf(missingOwner, b.g)).toEqual([]);
  });

  it('counts a group as an owner', () => {
    const b = chain().model({
      owners: [{ urn: 'urn:li:corpGroup:risk', kind: 'group', name: 'risk', departed: false }],
    });
    expect(findingsOf(missingOwner, b.g)).toEqual([]);
  });
});
