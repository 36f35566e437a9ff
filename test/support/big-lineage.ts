/**
 * A DataHub lineage file (version 1) proposing `edges` dataset edges: `perNode` upstream tables to each downstream
 * one, named like a warehouse's (about 170 bytes an edge, as the 7.9 MB, 46,602-edge file of issue 38).
 */
export function bigLineageYaml(edges: number, perNode = 9): string {
  const table = (name: string) =>
    `{ name: analytics_warehouse.proposed_feature_store.${name}, type: dataset, env: PROD, platform: snowflake }`;
  const lines = ['version: 1', 'lineage:'];
  for (let node = 0, left = edges; left > 0; node++) {
    const id = String(node).padStart(6, '0');
    lines.push(`  - entity: ${table(`customer_activity_features_${id}`)}`, '    upstream:');
    for (let i = 0; i < Math.min(perNode, left); i++)
      lines.push(`      - entity: ${table(`customer_activity_source_events_${id}_${String(i).padStart(2, '0')}`)}`);
    left -= perNode;
  }
  return `${lines.join('\n')}\n`;
}
