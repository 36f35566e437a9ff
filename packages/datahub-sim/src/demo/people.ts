/**
 * Users, groups and tags. Users and two groups arrive as MCE snapshots, the way the Okta source writes
 * them; the rest as MCPs. bob.okafor is emitted twice, ACTIVE and then SUSPENDED: the later record wins,
 * as in DataHub's Okta golden file.
 */
import { auditStamp, HOUR_MS } from './aspects.js';
import { mcp, snapshot, type MetadataRecord } from './records.js';
import { GROUPS, TAGS, USERS } from './urns.js';

interface Person {
  urn: string;
  displayName: string;
  title: string;
  email: string;
  slack: string;
  groups: string[];
  status: 'ACTIVE' | 'SUSPENDED';
}

const PEOPLE: Person[] = [
  { urn: USERS.alice, displayName: 'Alice Chen', title: 'Staff ML Engineer', email: 'alice.chen@acmepay.example',
    slack: 'U0ALICE01', groups: [GROUPS.mlPlatform], status: 'ACTIVE' },
  { urn: USERS.carol, displayName: 'Carol Diaz', title: 'Data Engineer', email: 'carol.diaz@acmepay.example',
    slack: 'U0CAROL01', groups: [GROUPS.dataPlatform], status: 'ACTIVE' },
  { urn: USERS.dev, displayName: 'Dev Patel', title: 'ML Engineer, Risk', email: 'dev.patel@acmepay.example',
    slack: 'U0DEV0001', groups: [GROUPS.riskMl], status: 'ACTIVE' },
  { urn: USERS.erin, displayName: 'Erin Walsh', title: 'Data Scientist, Growth', email: 'erin.walsh@acmepay.example',
    slack: 'U0ERIN001', groups: [GROUPS.growthMl], status: 'ACTIVE' },
];

const BOB: Person = {
  urn: USERS.bob, displayName: 'Bob Okafor', title: 'Senior Data Scientist, Growth', email: 'bob.okafor@acmepay.example',
  slack: 'U0BOB0001', groups: [GROUPS.growthMl], status: 'ACTIVE',
};

function userInfo(p: Person, active: boolean): Record<string, unknown> {
  const [firstName, ...rest] = p.displayName.split(' ');
  return {
    customProperties: { login: p.email },
    active,
    displayName: p.displayName,
    email: p.email,
    title: p.title,
    firstName,
    lastName: rest.join(' '),
    fullName: p.displayName,
    system: false,
  };
}

/** The Okta source's shape: info, status and membership in one snapshot. */
function oktaSnapshot(p: Person, status: Person['status'], changedAt: number): MetadataRecord {
  return snapshot(p.urn, [
    ['identity.CorpUserInfo', userInfo(p, status === 'ACTIVE')],
    ['identity.CorpUserStatus', { status, lastModified: auditStamp(changedAt) }],
    ['identity.GroupMembership', { groups: p.groups }],
  ]);
}

function userMcps(p: Person, now: number): MetadataRecord[] {
  return [
    mcp(p.urn, 'corpUserInfo', userInfo(p, p.status === 'ACTIVE')),
    mcp(p.urn, 'corpUserStatus', { status: p.status, lastModified: auditStamp(now - 90 * 24 * HOUR_MS) }),
    mcp(p.urn, 'groupMembership', { groups: p.groups }),
  ];
}

const editableInfo = (p: Person): Record<string, unknown> => ({
  teams: [], skills: [], displayName: p.displayName, title: p.title, slack: p.slack, email: p.email,
});

function users(now: number): MetadataRecord[] {
  const [alice, carol, dev, erin] = PEOPLE as [Person, Person, Person, Person];
  return [
    oktaSnapshot(alice, 'ACTIVE', now - 200 * 24 * HOUR_MS),
    oktaSnapshot(BOB, 'ACTIVE', now - 400 * 24 * HOUR_MS),
    ...userMcps(carol, now),
    ...userMcps(dev, now),
    ...userMcps(erin, now),
    // bob left two weeks ago: a later sync deprovisions him
    oktaSnapshot(BOB, 'SUSPENDED', now - 14 * 24 * HOUR_MS),
    ...[...PEOPLE, BOB].map((p) => mcp(p.urn, 'corpUserEditableInfo', editableInfo(p))),
    mcp(USERS.airflow, 'corpUserInfo', { customProperties: {}, active: true, displayName: 'Airflow service account', system: true }),
    mcp(USERS.airflow, 'corpUserStatus', { status: 'ACTIVE', lastModified: auditStamp(now - 365 * 24 * HOUR_MS) }),
  ];
}

const membersOf = (group: string): string[] => [...PEOPLE, BOB].filter((p) => p.groups.includes(group)).map((p) => p.urn);

function groups(now: number): MetadataRecord[] {
  const created = auditStamp(now - 500 * 24 * HOUR_MS);
  return [
    // Slack channel on corpGroupInfo (the MCE form can only carry corpGroupInfo)
    snapshot(GROUPS.dataPlatform, [['identity.CorpGroupInfo', {
      displayName: 'Data Platform', email: 'data-platform@acmepay.example', admins: [USERS.carol],
      members: membersOf(GROUPS.dataPlatform), groups: [], description: 'Ingestion, warehouse and Airflow.',
      slack: 'data-platform-alerts', created,
    }]]),
    snapshot(GROUPS.mlPlatform, [['identity.CorpGroupInfo', {
      displayName: 'ML Platform', email: 'ml-platform@acmepay.example', admins: [USERS.alice],
      members: membersOf(GROUPS.mlPlatform), groups: [], description: 'Feature store, training and serving.',
      slack: 'ml-platform', created,
    }]]),
    // Slack channel only on the editable aspect (set in DataHub's UI)
    mcp(GROUPS.riskMl, 'corpGroupInfo', {
      displayName: 'Risk ML', email: 'risk-ml@acmepay.example', admins: [USERS.dev],
      members: membersOf(GROUPS.riskMl), groups: [], description: 'Fraud and credit-risk models.', created,
    }),
    mcp(GROUPS.riskMl, 'corpGroupEditableInfo', { description: 'Fraud and credit-risk models.', slack: 'risk-ml-oncall' }),
    // both: the editable value is the one a user set last
    mcp(GROUPS.growthMl, 'corpGroupInfo', {
      displayName: 'Growth ML', email: 'growth-ml@acmepay.example', admins: [USERS.erin],
      members: membersOf(GROUPS.growthMl), groups: [], description: 'Churn, engagement and marketing models.',
      slack: 'growth-ml', created,
    }),
    mcp(GROUPS.growthMl, 'corpGroupEditableInfo', { slack: 'growth-ml-alerts' }),
  ];
}

function tags(): MetadataRecord[] {
  return [
    snapshot(TAGS.pii, [
      ['tag.TagProperties', { name: 'pii', description: 'Contains personal data.' }],
      ['common.Status', { removed: false }],
    ]),
    mcp(TAGS.tier1, 'tagProperties', { name: 'tier-1', description: 'Business critical: paged on failure.' }),
    mcp(TAGS.raw, 'tagProperties', { name: 'raw', description: 'Landed as-is from a source system.' }),
    mcp(TAGS.trainingData, 'tagProperties', { name: 'training-data', description: 'Snapshot used to train models.' }),
  ];
}

export function peopleRecords(now: number): MetadataRecord[] {
  return [...groups(now), ...users(now), ...tags()];
}
