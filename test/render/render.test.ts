import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { gateVerdict } from '../../src/app/gate.js';
import { narrate } from '../../src/core/argos.js';
import { verdictJson } from '../../src/render/json.js';
import { gateJunit } from '../../src/render/junit.js';
import { summaryTable, verdictText } from '../../src/render/text.js';
import { cleanVerdict, troubledVerdict } from './verdicts.js';

describe('Argos', () => {
  it('narrates a troubled verdict, one grounded sentence per finding, heaviest first', async () => {
    const v = troubledVerdict();
    expect(v.findings.map((f) => f.detector)).toEqual([
      'upstream_failure',
      'target_leakage',
      'freshness_lag',
      'missing_owner',
    ]);
    await expect(narrate(v).join('\n')).toMatchFileSnapshot('__golden__/argos-troubled.txt');
  });

  it('reads the same every time', () => {
    expect(narrate(troubledVerdict())).toEqual(narrate(troubledVerdict()));
  });

  it('gives a clean model one dry line', () => {
    expect(narrate(cleanVerdict())).toEqual([
      'fraud_model scores 100/100. Trusted.',
      'I walked 1 upstream entity and found nothing worth a bark.',
    ]);
  });
});

describe('formatters render one verdict', () => {
  it('text', async () => {
    await expect(verdictText(troubledVerdict())).toMatchFileSnapshot('__golden__/verdict.txt');
    await expect(summaryTable([troubledVerdict(), cleanVerdict()])).toMatchFileSnapshot('__golden__/summary.txt');
  });

  it('json', async () => {
    await expect(JSON.stringify(verdictJson(troubledVerdict()), null, 2)).toMatchFileSnapshot(
      '__golden__/verdict.json',
    );
  });

  it('junit: valid XML, one test case per model, one failure per blocking finding', async () => {
    const xml = gateJunit([
      gateVerdict(troubledVerdict(), { failOn: 'high' }),
      gateVerdict(cleanVerdict(), { failOn: 'high', minScore: 90 }),
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (n) => ['testcase', 'failure'].includes(n) }).parse(
      xml,
    );
    const suite = doc.testsuites.testsuite;
    expect(suite['@_tests']).toBe('2');
    expect(suite['@_failures']).toBe('2');
    expect(suite.testcase.map((c: { '@_name': string }) => c['@_name'])).toEqual(['fraud_model', 'fraud_model']);
    expect(suite.testcase[0].failure.map((f: { '@_type': string }) => f['@_type'])).toEqual([
      'upstream_failure',
      'target_leakage',
    ]);
    expect(suite.testcase[1].failure).toBeUndefined();
    await expect(xml).toMatchFileSnapshot('__golden__/gate.junit.xml');
  });
});
