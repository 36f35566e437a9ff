import { describe, expect, it } from 'vitest';
import {
  actorOf,
  decide,
  isIncidentUrn,
  noteOf,
  statusFingerprint,
  statusMessage,
  type IncidentStatus,
} from '../../src/core/incident-status.js';

const erin = { name: 'Erin Walsh', email: 'erin.walsh@acme.example' };
const status = (over: Partial<IncidentStatus>): IncidentStatus => ({
  state: 'ACTIVE',
  stage: 'TRIAGE',
  message: 'Raised by Janus',
  updatedAt: 1,
  updatedBy: 'urn:li:corpuser:janus',
  ...over,
});

describe('what a click does', () => {
  it('Acknowledge: an open incident becomes ACTIVE / INVESTIGATION naming the person', () => {
    expect(decide('ack', status({}), erin)).toEqual({
      kind: 'apply',
      input: {
        state: 'ACTIVE',
        stage: 'INVESTIGATION',
        message: 'Acknowledged by Erin Walsh (erin.walsh@acme.example) in Slack.',
      },
    });
    expect(decide('ack', status({ stage: null }), erin).kind).toBe('apply');
  });

  it('Resolve: RESOLVED with the stage and the note; Reopen: ACTIVE / TRIAGE', () => {
    expect(
      decide('resolve', status({ stage: 'INVESTIGATION' }), erin, { stage: 'NO_ACTION_REQUIRED', note: ' ok ' }),
    ).toEqual({
      kind: 'apply',
      input: {
        state: 'RESOLVED',
        stage: 'NO_ACTION_REQUIRED',
        message: 'Resolved by Erin Walsh (erin.walsh@acme.example) in Slack: ok',
      },
    });
    expect(decide('reopen', status({ state: 'RESOLVED', stage: 'FIXED' }), erin)).toMatchObject({
      kind: 'apply',
      input: { state: 'ACTIVE', stage: 'TRIAGE' },
    });
  });

  it('a button on an incident that moved writes nothing and says who moved it', () => {
    const acked = status({
      stage: 'INVESTIGATION',
      message: statusMessage('ack', { name: 'Dev Patel', email: 'd@x' }),
    });
    expect(decide('ack', acked, erin)).toEqual({ kind: 'unchanged', already: 'acknowledged', by: 'Dev Patel' });
    const resolved = status({ state: 'RESOLVED', stage: 'FIXED', message: null, updatedBy: 'urn:li:corpuser:carol' });
    expect(decide('ack', resolved, erin)).toEqual({ kind: 'unchanged', already: 'resolved', by: 'carol' });
    expect(decide('resolve', resolved, erin, { stage: 'FIXED', note: 'x' })).toMatchObject({ already: 'resolved' });
    expect(decide('reopen', status({}), erin)).toMatchObject({ kind: 'unchanged', already: 'open' });
    expect(decide('reopen', acked, erin)).toMatchObject({ kind: 'unchanged', already: 'acknowledged' });
  });
});

describe('the status message convention', () => {
  it('names the person, and reads back the name and the note', () => {
    const m = statusMessage('resolve', { name: 'Erin (Ops) Walsh', email: 'e@x' }, 'fixed: re-ran it.');
    expect(m).toBe('Resolved by Erin Ops Walsh (e@x) in Slack: fixed: re-ran it.');
    expect(actorOf({ message: m, updatedBy: null })).toBe('Erin Ops Walsh');
    expect(noteOf(m)).toBe('fixed: re-ran it.');
    expect(noteOf(statusMessage('ack', erin))).toBeNull();
    expect(actorOf({ message: 'Resolved by Janus: the latest run succeeded.', updatedBy: null })).toBe('Janus');
    expect(actorOf({ message: 'looked into it', updatedBy: 'urn:li:corpuser:dev.patel' })).toBe('dev.patel');
    expect(noteOf('looked into it')).toBe('looked into it');
  });

  it('a fingerprint per shown status; incident urns only', () => {
    expect(statusFingerprint(status({}))).toBe(statusFingerprint(status({ updatedAt: 99 })));
    expect(statusFingerprint(status({}))).not.toBe(statusFingerprint(status({ stage: 'INVESTIGATION' })));
    expect(isIncidentUrn('urn:li:incident:8d3c-11')).toBe(true);
    for (const bad of [
      'urn:li:dataset:x',
      'urn:li:incident:',
      'urn:li:incident:a b',
      `urn:li:incident:${'x'.repeat(300)}`,
    ])
      expect(isIncidentUrn(bad)).toBe(false);
  });
});
