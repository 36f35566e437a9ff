import { describe, expect, it } from 'vitest';
import { actorOf, noteOf, type IncidentStatus } from '../../src/core/incident-status.js';
import { decideTriage, withAssignee, type IncidentPeople } from '../../src/core/incident-triage.js';

const erin = { name: 'Erin Walsh', email: 'erin@x', urn: 'urn:li:corpuser:erin' };
const frank = { urn: 'urn:li:corpuser:frank', name: 'Frank Li' };
const status = (s: Partial<IncidentStatus> = {}): IncidentStatus => ({
  state: 'ACTIVE',
  stage: 'TRIAGE',
  message: 'Raised by Janus',
  updatedAt: 1,
  updatedBy: null,
  ...s,
});
const people = (p: Partial<IncidentPeople> = {}): IncidentPeople => ({ priority: 'HIGH', assignees: [frank], ...p });

describe('assign, priority and stage from Slack', () => {
  it('every people write sends both priority and assignees (GMS removes the one left out)', () => {
    expect(withAssignee(people(), erin.urn)).toEqual({ priority: 'HIGH', assigneeUrns: [frank.urn, erin.urn] });
    expect(withAssignee(people(), frank.urn)).toEqual({ priority: 'HIGH', assigneeUrns: [frank.urn] });
    expect(withAssignee(people({ priority: null, assignees: [] }))).toEqual({ priority: null, assigneeUrns: [] });
  });

  it('Assign to me adds the clicker once, never on a resolved incident', () => {
    expect(decideTriage('assign', { status: status(), people: people() }, erin)).toEqual({
      kind: 'apply',
      write: { people: { priority: 'HIGH', assigneeUrns: [frank.urn, erin.urn] } },
    });
    const mine = people({ assignees: [{ urn: erin.urn, name: erin.name }] });
    expect(decideTriage('assign', { status: status(), people: mine }, erin)).toMatchObject({ already: 'assigned' });
    const resolved = status({ state: 'RESOLVED', stage: 'FIXED' });
    expect(decideTriage('assign', { status: resolved, people: people() }, erin)).toMatchObject({
      already: 'resolved',
    });
  });

  it('a priority keeps the assignees; the same priority again writes nothing; a forged one throws', () => {
    expect(decideTriage('priority', { status: status(), people: people() }, erin, 'CRITICAL')).toEqual({
      kind: 'apply',
      write: { people: { priority: 'CRITICAL', assigneeUrns: [frank.urn] } },
    });
    expect(decideTriage('priority', { status: status(), people: people() }, erin, 'HIGH').kind).toBe('unchanged');
    expect(() => decideTriage('priority', { status: status(), people: people() }, erin, 'P0')).toThrow();
  });

  it('a stage is a status naming the person (read back by actorOf); FIXED goes through Resolve only', () => {
    const moved = decideTriage('stage', { status: status(), people: people() }, erin, 'WORK_IN_PROGRESS');
    expect(moved).toEqual({
      kind: 'apply',
      write: {
        status: {
          state: 'ACTIVE',
          stage: 'WORK_IN_PROGRESS',
          message: 'Moved to work in progress by Erin Walsh (erin@x) in Slack.',
        },
      },
    });
    const message = moved.kind === 'apply' ? moved.write.status!.message : '';
    expect(actorOf({ message, updatedBy: null })).toBe('Erin Walsh');
    expect(noteOf(message)).toBeNull();
    expect(() => decideTriage('stage', { status: status(), people: people() }, erin, 'FIXED')).toThrow();
    expect(decideTriage('stage', { status: status(), people: people() }, erin, 'TRIAGE').kind).toBe('unchanged');
  });
});
