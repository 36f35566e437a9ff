/**
 * The checks of DataHub's StructuredPropertiesValidator on one value assignment, with its messages.
 * Values are stored plain (a string or a number); messages print them as Pegasus prints the
 * `union[string, double]` member: `{string=x}` or `{double=1.0}`.
 */

export type PrimitiveValue = string | number;

export interface PropertyDefinition {
  valueType: string;
  cardinality?: 'SINGLE' | 'MULTIPLE';
  allowedValues?: { value: PrimitiveValue; description?: string }[];
  typeQualifier?: { allowedTypes?: string[] };
  immutable?: boolean;
}

/** Java's Double.toString for the values a test or client sends (integers get a `.0`). */
const javaDouble = (n: number): string => (Number.isInteger(n) && Math.abs(n) < 1e7 ? `${n}.0` : String(n));

export const formatValue = (v: PrimitiveValue): string =>
  typeof v === 'number' ? `{double=${javaDouble(v)}}` : `{string=${v}}`;

const formatList = (values: PrimitiveValue[]): string => `[${values.map(formatValue).join(', ')}]`;

/** StructuredPropertyUtils.getValueTypeId: `urn:li:dataType:datahub.number` → `number`. */
function valueTypeId(valueType: string): string {
  const id = valueType.split(':').slice(3).join(':');
  return (id.startsWith('datahub.') ? (id.split('.')[1] ?? '') : id).toLowerCase();
}

/** Double.parseDouble accepts what Number accepts here, plus surrounding spaces; it rejects blanks. */
const parsesAsDouble = (s: string): boolean =>
  (s.trim() !== '' && !Number.isNaN(Number(s.trim()))) || /^\s*[+-]?(NaN|Infinity)\s*$/.test(s);

/** StructuredPropertyUtils.isValidDate: YYYY-MM-DD between 1000-01-01 and 9999-12-31. */
function isValidDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1000 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31;
}

function typeError(propertyUrn: string, def: PropertyDefinition, value: PrimitiveValue): string | undefined {
  const prefix = `Property: ${propertyUrn}, value: ${formatValue(value)}`;
  const type = valueTypeId(def.valueType);
  if (['string', 'rich_text', 'date', 'urn'].includes(type)) {
    if (typeof value !== 'string') return `${prefix} should be a string`;
    if (type === 'date' && !isValidDate(value)) return `${prefix} should be a date with format YYYY-MM-DD`;
    if (type === 'urn') return urnError(prefix, def, value);
    return undefined;
  }
  if (type === 'number') {
    return typeof value === 'number' || parsesAsDouble(value) ? undefined : `${prefix} should be a number`;
  }
  return `Validation support for type ${def.valueType} is not yet implemented.`;
}

function urnError(prefix: string, def: PropertyDefinition, value: string): string | undefined {
  const m = /^urn:[^:]+:([^:]+):.+$/.exec(value);
  if (!m) return `${prefix} should be an urn`;
  const allowed = def.typeQualifier?.allowedTypes;
  if (!allowed) return undefined;
  const kind = m[1]!.toLowerCase();
  if (allowed.some((t) => valueTypeId(t) === kind)) return undefined;
  return `${prefix} is not of any supported urn types:[${allowed.join(', ')}]`;
}

/** The errors of one assignment: cardinality, then each value's type and allowed values. */
export function assignmentErrors(propertyUrn: string, def: PropertyDefinition, values: PrimitiveValue[]): string[] {
  const errors: string[] = [];
  if ((def.cardinality ?? 'SINGLE') === 'SINGLE' && values.length > 1) {
    errors.push(`Property: ${propertyUrn} has cardinality 1, but multiple values were assigned: ${formatList(values)}`);
  }
  for (const value of values) {
    const typeProblem = typeError(propertyUrn, def, value);
    if (typeProblem) errors.push(typeProblem);
    const allowed = def.allowedValues?.map((a) => a.value);
    if (allowed && !allowed.some((a) => a === value)) {
      errors.push(`Property: ${propertyUrn}, value: ${formatValue(value)} should be one of ${formatList(allowed)}`);
    }
  }
  return errors;
}
