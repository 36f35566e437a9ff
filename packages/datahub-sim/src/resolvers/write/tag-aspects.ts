import type { Store } from '../../store/store.js';
import { editableAspect } from './gms-rules.js';
import { targetsField, type ResourceRef } from './label-validation.js';

interface TagAssociation {
  tag: string;
  [key: string]: unknown;
}

interface GlobalTags {
  tags?: TagAssociation[];
  [key: string]: unknown;
}

interface EditableFieldInfo {
  fieldPath: string;
  globalTags?: GlobalTags;
  [key: string]: unknown;
}

interface EditableSchemaMetadata {
  editableSchemaFieldInfo?: EditableFieldInfo[];
  [key: string]: unknown;
}

type TagEdit = (tags: GlobalTags) => void;

/** LabelUtils.addTagsIfNotExists: appends each tag not already there; present ones are left alone. */
const addTags =
  (tagUrns: string[]): TagEdit =>
  (g) => {
    const tags = (g.tags ??= []);
    for (const tag of tagUrns) if (!tags.some((a) => a.tag === tag)) tags.push({ tag });
  };

/** LabelUtils.removeTagsIfExists. */
const removeTags =
  (tagUrns: string[]): TagEdit =>
  (g) => {
    g.tags = (g.tags ?? []).filter((a) => !tagUrns.includes(a.tag));
  };

/**
 * Applies a tag edit to one resource. Entity tags live in its `globalTags`; column tags in
 * `editableSchemaMetadata.editableSchemaFieldInfo[fieldPath].globalTags` (the entry is created when
 * missing, as MutationUtils.getFieldInfoFromSchema does). DataHub writes the aspect even when the
 * edit changes nothing.
 */
function editTags(store: Store, ref: ResourceRef, edit: TagEdit): void {
  const urn = ref.resourceUrn;
  if (!targetsField(ref)) {
    const globalTags = editableAspect<GlobalTags>(store, urn, 'globalTags', {});
    edit(globalTags);
    store.write(urn, 'globalTags', globalTags);
    return;
  }
  const editable = editableAspect<EditableSchemaMetadata>(store, urn, 'editableSchemaMetadata', {});
  const infos = (editable.editableSchemaFieldInfo ??= []);
  let info = infos.find((i) => i.fieldPath === ref.subResource);
  if (!info) infos.push((info = { fieldPath: ref.subResource }));
  edit((info.globalTags ??= {}));
  store.write(urn, 'editableSchemaMetadata', editable);
}

export const addTagsToResources = (store: Store, tagUrns: string[], refs: ResourceRef[]): void =>
  refs.forEach((ref) => editTags(store, ref, addTags(tagUrns)));

export const removeTagsFromResources = (store: Store, tagUrns: string[], refs: ResourceRef[]): void =>
  refs.forEach((ref) => editTags(store, ref, removeTags(tagUrns)));
