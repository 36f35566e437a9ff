import fs from 'node:fs';
import { Kind, parse } from 'graphql';

const SDL_URL = new URL('./datahub.graphql', import.meta.url);

/** Object type → field name → the field's argument names. */
let objectFields: Map<string, Map<string, string[]>> | undefined;

/** Object types of the simulator's SDL and their fields (read once). */
function fieldsByObjectType(): Map<string, Map<string, string[]>> {
  if (!objectFields) {
    objectFields = new Map();
    for (const def of parse(fs.readFileSync(SDL_URL, 'utf8')).definitions) {
      if (def.kind === Kind.OBJECT_TYPE_DEFINITION) {
        const fields = new Map(
          (def.fields ?? []).map((f) => [f.name.value, (f.arguments ?? []).map((a) => a.name.value)]),
        );
        objectFields.set(def.name.value, fields);
      }
    }
  }
  return objectFields;
}

/**
 * Every object type of the SDL that declares `field` taking the argument `arg` (the entity-level
 * `relationships(input:)`, not a result type's plain `relationships` list), so one resolver serves them all.
 */
export function objectTypesWithField(field: string, arg: string): string[] {
  return [...fieldsByObjectType()].filter(([, fields]) => fields.get(field)?.includes(arg)).map(([type]) => type);
}
