import { describe, expect, it } from 'vitest';
import { JANUS_COMMANDS, parseJanusText, retarget } from '../../src/handlers/commands/registry.js';
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
  const URN = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)';
  it.each([
    ['trust fraud_detector_v4', { kind: 'trust', model: 'fraud_detector_v4', public: false }],
    ['  TRUST   fraud_detector_v4  ', { kind: 'trust', model: 'fraud_detector_v4', public: false }],
    ['trust `fraud_detector_v4`', { kind: 'trust', model: 'fraud_detector_v4', public: false }],
    ['trust "fraud_detector_v4"', { kind: 'trust', model: 'fraud_detector_v4', public: false }],
    [`trust ${URN}`, { kind: 'trust', model: URN, public: false }],
    ['trust fraud_detector_v4 --public', { kind: 'trust', model: 'fraud_detector_v4', public: true }],
    ['trust --PUBLIC fraud_detector_v4', { kind: 'trust', model: 'fraud_detector_v4', public: true }],
    ['trust analytics.stg_sessions', { kind: 'trust', model: 'analytics.stg_sessions', public: false }],
    ['search churn', { kind: 'search', text: 'churn', public: false }],
    ['search customer  lifetime value --public', { kind: 'search', text: 'customer lifetime value', public: true }],
    ['help', { kind: 'help', public: false }],
    ['Help me', { kind: 'help', public: false }],
    ['history fraud_detector_v4', { kind: 'history', model: 'fraud_detector_v4', public: false }],
    ['at-risk', { kind: 'at-risk', public: false }],
    ['at-risk --public', { kind: 'at-risk', public: true }],
    ['owners analytics.stg_sessions', { kind: 'owners', target: 'analytics.stg_sessions', public: false }],
    ['scan all', { kind: 'scan', target: 'all', all: true, public: false }],
    ['scan ALL', { kind: 'scan', target: 'all', all: true, public: false }],
    ['scan fraud_detector_v4', { kind: 'scan', target: 'fraud_detector_v4', all: false, public: false }],
    ['watch fraud_detector_v4', { kind: 'watch', target: 'fraud_detector_v4', public: false }],
    ['unwatch fraud_detector_v4', { kind: 'unwatch', target: 'fraud_detector_v4', public: false }],
    ['watching', { kind: 'watching', public: false }],
    ['snooze fraud_detector_v4 2h', { kind: 'snooze', target: 'fraud_detector_v4', ms: 7_200_000, public: false }],
    [
      'snooze `analytics.stg_sessions` PT30M',
      { kind: 'snooze', target: 'analytics.stg_sessions', ms: 1_800_000, public: false },
    ],
    ['unsnooze fraud_detector_v4', { kind: 'unsnooze', target: 'fraud_detector_v4', public: false }],
    ['test', { kind: 'test', public: false }],
    ['test #ml-alerts', { kind: 'test', channel: 'ml-alerts', public: false }],
    ['test ml-alerts --public', { kind: 'test', channel: 'ml-alerts', public: true }],
    ['test <#C0MLOPS01|ml-ops>', { kind: 'test', channel: 'C0MLOPS01', public: false }],
    ['test <#C0MLOPS01>', { kind: 'test', channel: 'C0MLOPS01', public: false }],
    ['test C0MLOPS01', { kind: 'test', channel: 'C0MLOPS01', public: false }],
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
    'history',
    'history a b',
    'owners',
    'scan',
    'scan a b',
    'watch',
    'watch a b',
    'unwatch',
    'watching everything',
    'at-risk now',
    'trust fraud --verbose',
    'test #a #b',
    'test <@U0ALICE01>',
    'test #Not_A_Channel!',
    'search',
    `search ${'x'.repeat(201)}`,
  ])('%j is a usage problem', (text) => {
    expect(parseJanusText(text).kind).toBe('usage');
  });

  it('a usage problem of a known command names its usage line; an unknown one names none', () => {
    expect(parseJanusText('history a b')).toMatchObject({ kind: 'usage', usage: '/janus history <model>' });
    expect(parseJanusText('watching x')).toMatchObject({ kind: 'usage', usage: '/janus watching' });
    expect(parseJanusText('frobnicate x')).not.toHaveProperty('usage');
  });

  it('a candidate button runs the same command for the urn, flags and duration kept', () => {
    const again = (text: string) => retarget(parseJanusText(text), URN);
    expect(again('trust fraud --public')).toBe(`trust ${URN} --public`);
    expect(again('owners fraud')).toBe(`owners ${URN}`);
    expect(again('scan fraud')).toBe(`scan ${URN}`);
    expect(again('scan all')).toBeUndefined();
    expect(parseJanusText(again('snooze fraud 90m')!)).toMatchObject({ kind: 'snooze', target: URN, ms: 5_400_000 });
  });
});

describe('replies besides a verdict', () => {
  it('are ephemeral, and match their golden files', async () => {
    const unknownCommand = parseJanusText('frobnicate x');
    const all = {
      help: helpMessage(JANUS_COMMANDS),
      usage: usageMessage(unknownCommand.kind === 'usage' ? unknownCommand.problem : '', JANUS_COMMANDS),
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
      ambiguousPick: unresolvedModelMessage(
        'fraud',
        'ambiguous',
        [model('fraud_detector_v4'), model('fraud_detector_v3')],
        (urn) => `trust ${urn}`,
      ),
      unknownPick: unresolvedModelMessage(
        'fraud_detektor',
        'unknown',
        [model('fraud_detector_v4')],
        (urn) => `owners ${urn}`,
      ),
      usageOfCommand: usageMessage('`/janus history` needs a model.', '/janus history <model>'),
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
