import { SimError } from '../schema/errors.js';

/**
 * A failure planted for one write: the next `times` calls of the Mutation field `field` whose arguments name `urn`
 * fail as GMS fails a write it could not make (its storage timed out, say): that field answers
 * `An unknown error occurred.` with code 500 SERVER_ERROR, and the other fields of the request run as usual.
 */
export interface WriteFault {
  field: string;
  urn: string;
  times: number;
}

/** The planted write failures (`/__sim/write-faults`), checked by every Mutation resolver before it runs. */
export class WriteFaults {
  private faults: WriteFault[] = [];

  plant(fault: WriteFault): void {
    this.faults.push({ ...fault });
  }

  /** Throws DataHub's server error when a planted failure matches this call, and counts it down. */
  trip(field: string, args: unknown): void {
    if (!this.faults.length) return;
    const text = JSON.stringify(args);
    const fault = this.faults.find((f) => f.field === field && text.includes(JSON.stringify(f.urn)));
    if (!fault) return;
    if (--fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    throw new SimError('SERVER_ERROR', 'An unknown error occurred.');
  }

  /** The failures still planted, with the calls each has left. */
  list(): WriteFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}

/** Reads a planted failure from a control request's body; a message when it is not one. */
export function parseWriteFault(body: string, mutationFields: readonly string[]): WriteFault | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'expected a JSON object {field, urn, times?}';
  }
  const { field, urn, times = 1 } = (value ?? {}) as Record<string, unknown>;
  if (typeof field !== 'string' || !mutationFields.includes(field))
    return `field: expected a Mutation field (${mutationFields.join(', ')})`;
  if (typeof urn !== 'string' || !urn.startsWith('urn:li:')) return 'urn: expected an urn';
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return 'times: expected a whole number >= 1';
  return { field, urn, times };
}
