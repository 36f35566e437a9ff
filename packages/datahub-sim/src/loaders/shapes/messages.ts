import type { z } from 'zod';

/**
 * zod issues as Pegasus's `ValidateDataAgainstSchema` words its messages (`ERROR :: /owners/0/owner :: ...`): a
 * missing required field, a value of the wrong type ("cannot be coerced to", "is not backed by a"), an unknown enum
 * symbol. The wording follows Pegasus's; the simulator's own checks (urns) say what they found.
 */
export function pegasusMessages(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((issue) => `ERROR :: /${issue.path.map(String).join('/')} :: ${text(issue)}`);
}

const PEGASUS_TYPES: Record<string, string> = {
  string: 'String',
  number: 'Long',
  boolean: 'Boolean',
  object: 'DataMap',
  record: 'DataMap',
  array: 'DataList',
};

function text(issue: z.core.$ZodIssue): string {
  const input = 'input' in issue ? issue.input : undefined;
  // a field that is absent (normalising dropped nulls too)
  if (input === undefined) return 'field is required but not found and has no default value';
  if (issue.code === 'invalid_type') {
    const type = PEGASUS_TYPES[issue.expected] ?? issue.expected;
    return type.startsWith('Data')
      ? `${quoted(input)} is not backed by a ${type}`
      : `${quoted(input)} cannot be coerced to ${type}`;
  }
  if (issue.code === 'invalid_value') return `${quoted(input)} is not an enum symbol`;
  if (issue.code === 'invalid_union') return `${quoted(input)} is not a member type of the union`;
  return `${quoted(input)} ${issue.message}`;
}

/** A value as a message quotes it: JSON, cut to 120 characters. */
function quoted(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 120 ? `${json.slice(0, 120)}…` : json;
}
