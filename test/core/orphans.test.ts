import { describe, expect, it } from 'vitest';
import { bareEntity, type EntityNode, type Owner } from '../../src/core/graph.js';
import {
  findOrphans,
  ORPHAN_MODELS_KEPT,
  orphanChanges,
  orphanMessagesFor,
  ownedModels,
} from '../../src/core/orphans.js';
import { alice, bob, ds, feat, job, modelUrn } from './builder.js';

const node = (urn: string, kind: EntityNode['kind'], owners: Owner[], over: Partial<EntityNode> = {}): EntityNode => ({
  ...bareEntity(urn, kind, urn.split(/[,:(]/).at(-2) ?? urn, owners),
  ...over,
});
const group: Owner = { urn: 'urn:li:corpGroup:risk', kind: 'group', name: 'risk', departed: false };
const FRAUD = modelUrn('fraud');
const CHURN = modelUrn('churn');

/** Every entity is read by the fraud model, except those listed in `reading`. */
const readers =
  (reading: Record<string, string[]> = {}) =>
  (urn: string) =>
    reading[urn] ?? [FRAUD];

describe('findOrphans: no owner, or only departed owners, on a model supply chain', () => {
  it('a table, a feature or a model nobody owns is an orphan; one with a current owner is not', () => {
    const orphans = findOrphans(
      [
        node(ds('raw.events'), 'dataset', []),
        node(feat('amount'), 'mlFeature', []),
        node(FRAUD, 'mlModel', []),
        node(ds('owned'), 'dataset', [alice]),
        node(ds('by_group'), 'dataset', [group]),
      ],
      readers({ [FRAUD]: [FRAUD] }),
    );
    expect(orphans.map((o) => o.urn).sort()).toEqual([ds('raw.events'), feat('amount'), FRAUD].sort());
    expect(orphans.every((o) => o.departed.length === 0)).toBe(true);
  });

  it('only departed (suspended) owners make an orphan, naming them; one current owner beside them does not', () => {
    const orphans = findOrphans(
      [node(ds('left'), 'dataset', [bob]), node(ds('mixed'), 'dataset', [bob, alice])],
      readers(),
    );
    expect(orphans).toEqual([
      { urn: ds('left'), name: 'left', kind: 'dataset', departed: [bob.urn], models: [FRAUD], modelCount: 1 },
    ]);
  });

  it('leaves out what no model reads, what was removed, jobs (their owners sit on the flow) and other kinds', () => {
    const orphans = findOrphans(
      [
        node(ds('unread'), 'dataset', []),
        node(ds('removed'), 'dataset', [], { removed: true }),
        node(job('load'), 'dataJob', []),
        node('urn:li:mlPrimaryKey:(fraud,id)', 'mlPrimaryKey', []),
      ],
      readers({ [ds('unread')]: [] }),
    );
    expect(orphans).toEqual([]);
  });

  it('sorts most models first, then by name, and keeps at most ORPHAN_MODELS_KEPT models while counting them all', () => {
    const many = Array.from({ length: ORPHAN_MODELS_KEPT + 5 }, (_, i) => modelUrn(`m${i}`));
    const orphans = findOrphans(
      [node(ds('b'), 'dataset', []), node(ds('a'), 'dataset', []), node(ds('wide'), 'dataset', [])],
      readers({ [ds('wide')]: many, [ds('a')]: [FRAUD], [ds('b')]: [FRAUD] }),
    );
    expect(orphans.map((o) => o.name)).toEqual(['wide', 'a', 'b']);
    expect(orphans[0]!.models).toHaveLength(ORPHAN_MODELS_KEPT);
    expect(orphans[0]!.modelCount).toBe(ORPHAN_MODELS_KEPT + 5);
  });
});

describe('orphanChanges: each orphan posted once, again only when orphaned again', () => {
  const orphan = (name: string) => findOrphans([node(ds(name), 'dataset', [])], readers())[0]!;

  it('a recorded orphan is kept (not posted again); a new one is added; one no longer orphaned is gone', () => {
    const c = orphanChanges([orphan('old'), orphan('new')], [ds('old'), ds('claimed')]);
    expect(c.added.map((o) => o.urn)).toEqual([ds('new')]);
    expect(c.kept.map((o) => o.urn)).toEqual([ds('old')]);
    expect(c.gone).toEqual([ds('claimed')]);
  });

  it('an orphan forgotten once owned is added again when it loses its owners again', () => {
    const first = orphanChanges([orphan('t')], []);
    const owned = orphanChanges(
      [],
      first.added.map((o) => o.urn),
    );
    const again = orphanChanges(
      [orphan('t')],
      owned.gone.filter(() => false),
    );
    expect(first.added).toHaveLength(1);
    expect(owned.gone).toEqual([ds('t')]);
    expect(again.added.map((o) => o.urn)).toEqual([ds('t')]);
  });
});

describe('orphanMessagesFor: what one channel gets', () => {
  it('one message each up to digestAbove, one digest past it', () => {
    expect(orphanMessagesFor([1, 2, 3], 3)).toEqual({ single: [1, 2, 3] });
    expect(orphanMessagesFor([1, 2, 3, 4], 3)).toEqual({ digest: [1, 2, 3, 4] });
    expect(orphanMessagesFor([1], 0)).toEqual({ digest: [1] });
  });
});

describe('ownedModels: owner → models, for App Home', () => {
  it('indexes models by current users and groups, leaving out departed owners, removed models and other kinds', () => {
    const owned = ownedModels([
      node(FRAUD, 'mlModel', [alice, group, bob]),
      node(CHURN, 'mlModel', [alice]),
      node(modelUrn('gone'), 'mlModel', [alice], { removed: true }),
      node(ds('t'), 'dataset', [alice]),
    ]);
    expect(Object.fromEntries(owned)).toEqual({ [alice.urn]: [FRAUD, CHURN], [group.urn]: [FRAUD] });
  });
});
