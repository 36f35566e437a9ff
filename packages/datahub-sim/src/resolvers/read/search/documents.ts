import { ENTITY_KINDS } from '../../../schema/entity-types.js';
import type { Store } from '../../../store/store.js';
import { nameFromUrn, parseUrn, platformOf } from '../../../urn.js';
import { readAspect } from '../aspects.js';
import { ROOT_USER } from '../bootstrap.js';
import { bool, obj, raws, str, type Raw } from '../raw.js';

/** What the search index holds for one entity: ranked names, free-text fields and filterable fields. */
export interface SearchDoc {
  urn: string;
  /** GraphQL EntityType, e.g. CORP_USER. */
  entityType: string;
  /** Name candidates, the display name first: an exact or prefix hit here ranks highest. */
  names: string[];
  /** Other fields a full-text query reaches, by field name. */
  text: Record<string, string[]>;
  /** Values by filter field name (`email`, `platform`, `owners`, `removed`, ...). */
  facets: Record<string, string[]>;
}

const present = (...values: (string | undefined)[]): string[] => values.filter((v): v is string => !!v);

interface Described {
  names: string[];
  text: Record<string, string[]>;
  facets: Record<string, string[]>;
}

/** Names, text and extra facets per entity type, from the aspects each type's search index documents. */
function describe(store: Store, urn: string, urnType: string): Described {
  const a = (name: string): Raw => readAspect(store, urn, name) ?? {};
  const parts = parseUrn(urn)?.parts ?? [];
  switch (urnType) {
    case 'dataset': {
      const p = a('datasetProperties');
      const e = a('editableDatasetProperties');
      return {
        names: present(str(p.name), str(e.name), parts[1]),
        text: {
          qualifiedName: present(str(p.qualifiedName)),
          description: present(str(p.description), str(e.description)),
        },
        facets: { origin: present(parts[2]) },
      };
    }
    case 'mlModel':
    case 'mlModelGroup': {
      const p = a(urnType === 'mlModel' ? 'mlModelProperties' : 'mlModelGroupProperties');
      return {
        names: present(str(p.name), parts[1]),
        text: { description: present(str(p.description)) },
        facets: { origin: present(parts[2]) },
      };
    }
    case 'mlFeature':
    case 'mlPrimaryKey': {
      const p = a(urnType === 'mlFeature' ? 'mlFeatureProperties' : 'mlPrimaryKeyProperties');
      return {
        names: present(parts[1]),
        text: { featureNamespace: present(parts[0]), description: present(str(p.description)) },
        facets: {},
      };
    }
    case 'mlFeatureTable':
      return {
        names: present(parts[1]),
        text: { description: present(str(a('mlFeatureTableProperties').description)) },
        facets: {},
      };
    case 'dataJob':
    case 'dataFlow': {
      const p = a(urnType === 'dataJob' ? 'dataJobInfo' : 'dataFlowInfo');
      return { names: present(str(p.name), parts[1]), text: { description: present(str(p.description)) }, facets: {} };
    }
    case 'corpuser': {
      const info = a('corpUserInfo');
      const editable = a('corpUserEditableInfo');
      return {
        names: present(str(info.displayName), str(info.fullName), str(editable.displayName), parts[0]),
        text: { email: present(str(info.email)), title: present(str(info.title)), username: present(parts[0]) },
        facets: {
          email: present(str(info.email)),
          ldap: present(parts[0]),
          active: info.active === undefined ? [] : [String(bool(info.active) ?? false)],
          status: present(str(a('corpUserStatus').status)),
        },
      };
    }
    case 'corpGroup': {
      const info = a('corpGroupInfo');
      return {
        names: present(str(info.displayName), parts[0]),
        text: {
          description: present(str(info.description), str(a('corpGroupEditableInfo').description)),
          email: present(str(info.email)),
        },
        facets: { email: present(str(info.email)) },
      };
    }
    case 'tag': {
      const p = a('tagProperties');
      return { names: present(str(p.name), parts[0]), text: { description: present(str(p.description)) }, facets: {} };
    }
    case 'glossaryTerm': {
      const p = a('glossaryTermInfo');
      return { names: present(str(p.name), parts[0]), text: { description: present(str(p.definition)) }, facets: {} };
    }
    default:
      return { names: [nameFromUrn(urn)], text: {}, facets: {} };
  }
}

function buildDoc(store: Store, urn: string): SearchDoc | undefined {
  const urnType = parseUrn(urn)?.entityType ?? '';
  const kind = ENTITY_KINDS[urnType];
  if (!kind) return undefined;
  const d = describe(store, urn, urnType);
  const tags = raws(readAspect(store, urn, 'globalTags')?.tags).map((t) => str(t.tag));
  const owners = raws(readAspect(store, urn, 'ownership')?.owners).map((o) => str(o.owner));
  const terms = raws(readAspect(store, urn, 'glossaryTerms')?.terms).map((t) => str(t.urn));
  const custom = Object.entries(obj(readAspect(store, urn, `${urnType}Properties`)?.customProperties) ?? {}).map(
    ([k, v]) => `${k}=${String(v)}`,
  );
  const removed = bool(readAspect(store, urn, 'status')?.removed) ?? false;
  return {
    urn,
    entityType: kind.entityType,
    names: [...new Set(d.names)],
    text: { ...d.text, urn: [urn] },
    facets: {
      ...d.facets,
      urn: [urn],
      _entityType: [kind.entityType, urnType],
      name: [...new Set(d.names)],
      platform: present(platformOf(urn)),
      tags: present(...tags),
      owners: present(...owners),
      glossaryTerms: present(...terms),
      customProperties: custom,
      removed: [String(removed)],
      description: d.text.description ?? [],
    },
  };
}

const cache = new WeakMap<Store, { version: number; docs: SearchDoc[] }>();

/**
 * Every entity the search index would hold: those with at least one versioned aspect (entities only
 * referenced by others, or with only timeseries events, are not indexed), plus the bootstrapped root user.
 * Rebuilt when the store's version moves.
 */
export function searchDocuments(store: Store): SearchDoc[] {
  const hit = cache.get(store);
  if (hit && hit.version === store.version) return hit.docs;
  const urns = new Set<string>([ROOT_USER]);
  for (const e of store.all()) if (e.aspects.size > 0) urns.add(e.urn);
  const docs = [...urns].map((urn) => buildDoc(store, urn)).filter((d) => d !== undefined);
  cache.set(store, { version: store.version, docs });
  return docs;
}
