import { describe, expect, it } from 'vitest';
import { parseJanusText } from '../../src/slack/command-text.js';
import {
  datahubDownMessage,
  failedMessage,
  helpMessage,
  unresolvedModelMessage,
  usageMessage,
} from '../../src/slack/messages.js';

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const model = (name: string) => ({ name, urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)` });

describe('/janus text', () => {
  it.each([
    ['trust fraud_detector_v4', { kind: 'trust', model: 'fraud_detector_v4' }],
    ['  TRUST   fraud_detector_v4  ', { kind: 'trust', model: 'fraud_detector_v4' }],
    ['trust `fraud_detector_v4`', { kind: 'trust', model: 'fraud_detector_v4' }],
    ['trust "fraud_detector_v4"', { kind: 'trust', model: 'fraud_detector_v4' }],
    [
      'trust urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)',
      { kind: 'trust', model: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)' },
    ],
    ['help', { kind: 'help' }],
    ['Help me', { kind: 'help' }],
    ['snooze fraud_detector_v4 2h', { kind: 'snooze', target: 'fraud_detector_v4', ms: 7_200_000 }],
    ['snooze `analytics.stg_sessions` PT30M', { kind: 'snooze', target: 'analytics.stg_sessions', ms: 1_800_000 }],
    ['unsnooze fraud_detector_v4', { kind: 'unsnooze', target: 'fraud_detector_v4' }],
  ])('%j', (text, expected) => {
    expect(parseJanusText(text)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'trust',
    'trust a b',
    'scan --all',
    'fraud_detector_v4',
    'snooze fraud_detector_v4',
    'snooze fraud_detector_v4 soon',
    'snooze fraud_detector_v4 90d',
    'unsnooze',
  ])('%j is a usage problem', (text) => {
    expect(parseJanusText(text).kind).toBe('usage');
  });
});

describe('replies besides a verdict', () => {
  it('are ephemeral, and match their golden files', async () => {
    const unknownCommand = parseJanusText('frobnicate x');
    const all = {
      help: helpMessage(),
      usage: usageMessage(unknownCommand.kind === 'usage' ? unknownCommand.problem : ''),
      unknown: unresolvedModelMessage('fraud_detektor', 'unknown', [
        model('fraud_detector_v4'),
        model('fraud_detector_v3'),
      ]),
      unknownNothingClose: unresolvedModelMessage('zzz', 'unknown', []),
      ambiguous: unresolvedModelMessage(
        'fraud',
        'ambiguous',
        Array.from({ length: 12 }, (_, i) => model(`fraud_${i}`)),
      ),
      datahubDown: datahubDownMessage(
        'fraud_detector_v4',
        'DataHub answered JanusSearchModels with an error (500): HTTP 500',
      ),
      failed: failedMessage('fraud_detector_v4'),
    };
    for (const m of Object.values(all)) expect(m.response_type).toBe('ephemeral');
    await expect(json(all)).toMatchFileSnapshot('__golden__/messages.json');
  });

  it('escape what the asker typed', () => {
    const m = unresolvedModelMessage('<!here>', 'unknown', []);
    expect(JSON.stringify(m)).not.toContain('<!here>');
    expect(m.text).toBe('Argos finds no model named `&lt;!here&gt;` in DataHub.');
  });
});
