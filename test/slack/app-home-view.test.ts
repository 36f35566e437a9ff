import { describe, expect, it } from 'vitest';
import { homeData, HOME_ROWS, type HomeDeps } from '../../src/app/app-home.js';
import type { ModelSummary, VerdictHistory } from '../../src/history/index.js';
import { LIMITS, type Block } from '../../src/slack/present/kit.js';
import type { AlertState } from '../../src/slack/alerts/types.js';
import { HOME_BLOCKS, homeView } from '../../src/slack/app-home-view.js';
import type { OrphanRecord, OrphanStore } from '../../src/slack/orphan-store.js';

const AT = Date.parse('2026-03-02T09:14:00.000Z');
const long = (i: number) => `${'very_long_model_name_'.repeat(8)}${i}`;
const modelUrn = (i: number) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${long(i)},PROD)`;
const ME = 'urn:li:corpuser:carol.diaz';
const MODELS = 3_000;
const BANDS = ['at_risk', 'caution', 'trusted'] as const;

const summaries: ModelSummary[] = Array.from({ length: MODELS }, (_, i) => ({
  urn: modelUrn(i),
  name: long(i),
  score: i % 100,
  band: BANDS[i % 3]!,
  scannedAt: new Date(AT).toISOString(),
  findings: [],
}));
/** Only what App Home reads of the history: the latest summaries and a trend each. */
const history = {
  kind: 'redis',
  latest: async () => summaries,
  history: async () => Array.from({ length: 12 }, (_, i) => ({ score: 50 + i, band: 'caution', scannedAt: '' })),
} as unknown as VerdictHistory;
const orphans: OrphanRecord[] = Array.from({ length: 800 }, (_, i) => ({
  urn: `urn:li:dataset:(urn:li:dataPlatform:snowflake,${long(i)},PROD)`,
  name: long(i),
  kind: 'dataset',
  departed: i % 2 ? ['urn:li:corpuser:bob.okafor'] : [],
  models: [modelUrn(i), modelUrn(i + 1)],
  modelCount: 2 + (i % 7),
  episode: 1,
  since: AT,
  channels: [],
}));
const store = {
  ownedBy: async () => summaries.map((s) => s.urn),
  all: async () => orphans,
} as unknown as OrphanStore;
const alerts = Array.from({ length: 400 }, (_, i) => ({
  status: 'open',
  incident: `urn:li:incident:${i}`,
  headline: `Upstream failure: ${long(i)} `.repeat(20),
  severity: 'high',
  models: Object.fromEntries(Array.from({ length: 30 }, (_, j) => [modelUrn(i + j), { name: long(i + j) }])),
  raisedAt: AT + i,
  since: new Date(AT).toISOString(),
})) as unknown as AlertState[];

const deps: HomeDeps = {
  identity: async () => ({
    kind: 'known',
    actor: { slackId: 'U1CAROL01', email: 'carol@x', urn: ME, name: 'Carol Diaz', groups: [] },
  }),
  history,
  orphans: store,
  alerts: async () => alerts,
};
const text = (b: Block) => JSON.stringify(b);

describe('App Home view: within Block Kit’s 100 blocks whatever the catalog', () => {
  it('thousands of models, hundreds of incidents, at-risk models and orphans: ≤ 100 blocks, nothing cut off', async () => {
    const data = await homeData(deps, 'U1CAROL01');
    const view = homeView(data, AT);
    const blocks = view.blocks as Block[];
    expect(blocks.length).toBeLessThanOrEqual(HOME_BLOCKS);
    // the view ends where it should (the final "Updated" line), so the cap did not drop a section's tail
    expect(text(blocks.at(-1)!)).toContain('Updated');
    // each list is capped and says how many more there are
    const all = blocks.map(text).join('\n');
    expect(all).toContain(`more models`);
    expect(all).toContain(`${(orphans.length - HOME_ROWS.orphans).toLocaleString('en-US')} more orphans`);
    expect(all.match(/janus\.owner\.claim/g)).toHaveLength(HOME_ROWS.orphans);
    expect(all.match(/urn:li:incident:/g)?.length).toBeGreaterThanOrEqual(HOME_ROWS.incidents);
    // the heading counts every open incident, and the rest are counted exactly
    expect(all).toContain(`Open incidents on your models and tables* (${alerts.length})`);
    expect(all).toContain(`${alerts.length - HOME_ROWS.incidents} more incidents`);
    for (const b of blocks)
      if (b.type === 'section' && b.text) expect(b.text.text.length).toBeLessThanOrEqual(LIMITS.sectionText);
  });

  it('an owner of nothing sees every orphan, still within the limit', async () => {
    const view = homeView(
      await homeData(
        { ...deps, orphans: { ...store, ownedBy: async () => [] } as unknown as OrphanStore },
        'U1CAROL01',
      ),
      AT,
    );
    expect(view.blocks.length).toBeLessThanOrEqual(HOME_BLOCKS);
    expect(text(view.blocks.at(-1) as Block)).toContain('Updated');
    expect(JSON.stringify(view.blocks).match(/janus\.owner\.claim/g)).toHaveLength(HOME_ROWS.orphans);
  });

  it('an owner of tables and no model: the incidents on their tables and the alerts that mentioned them', async () => {
    const table = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,t${i},PROD)`;
    const onTables = Array.from({ length: 300 }, (_, i) => ({
      urn: `urn:li:incident:table-${i}`,
      title: `Rows missing in t${i}`,
      status: { state: 'ACTIVE' as const, stage: null, message: null, updatedAt: null, updatedBy: null },
      dataset: { urn: table(i), name: `t${i}` },
      janus: false,
      createdAt: AT - i,
    }));
    const mentioning = {
      ...alerts[0]!,
      incident: 'urn:li:incident:mentioned',
      headline: 'Freshness lag on a table upstream',
      models: { [modelUrn(1)]: { urn: modelUrn(1), name: 'someone_elses_model' } },
      channels: { 'ml-alerts': { seq: 1, models: [], mentions: ['U1CAROL01'], posted: true } },
    } as AlertState;
    const notMine = { ...alerts[1]!, incident: 'urn:li:incident:not-mine' } as AlertState;
    const data = await homeData(
      {
        ...deps,
        orphans: { ...store, ownedBy: async () => [] } as unknown as OrphanStore,
        alerts: async () => [notMine, mentioning],
        ownedIncidents: async (owners) => {
          expect(owners).toEqual([ME]);
          return { incidents: onTables, tables: 900, tablesRead: 500 };
        },
      },
      'U1CAROL01',
    );
    expect(data.incidentsCount).toBe(onTables.length + 1);
    expect(data.incidents[0]).toMatchObject({ urn: 'urn:li:incident:mentioned', mentioned: true });
    expect(data.incidents[0]!.models).toEqual(['someone_elses_model']);
    expect(data.incidents[1]).toMatchObject({ urn: 'urn:li:incident:table-0', table: 't0' });
    const view = homeView(data, AT);
    const all = JSON.stringify(view.blocks);
    expect(view.blocks.length).toBeLessThanOrEqual(HOME_BLOCKS);
    expect(all).toContain('*You own no model in DataHub.* You own 900 tables');
    expect(all).toContain('You own 900 tables: the incidents of the first 500 are read.');
    expect(all).toContain('someone_elses_model · an alert mentioned you');
    expect(all).toContain('on your table *t0*');
    expect(all).not.toContain('urn:li:incident:not-mine');
    expect(all).toContain(`${onTables.length + 1 - HOME_ROWS.incidents} more incidents`);
  });
});
