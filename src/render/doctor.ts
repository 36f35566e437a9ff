import type { DoctorReport } from '../app/doctor/index.js';

const MARK = { ok: '✅', warn: '⚠️ ', fail: '❌', skip: '➖' } as const;
const AREA = { config: 'Config', datahub: 'DataHub', redis: 'Redis', slack: 'Slack' } as const;

/** The checklist as a person reads it: an area a block, a line a check, the fix under each problem. */
export function doctorText(r: DoctorReport): string {
  const lines: string[] = [];
  for (const area of ['config', 'datahub', 'redis', 'slack'] as const) {
    const checks = r.checks.filter((c) => c.area === area);
    if (!checks.length) continue;
    lines.push(AREA[area]);
    for (const c of checks) {
      lines.push(`  ${MARK[c.status]} ${c.name}: ${c.detail}`);
      if (c.fix && c.status !== 'ok') lines.push(`     fix: ${c.fix}`);
    }
  }
  if (r.settings.length) lines.push(`${AREA.config}: settings`);
  const width = Math.max(...r.settings.map((s) => s.path.length));
  for (const s of r.settings)
    lines.push(
      `  ${s.path.padEnd(width)}  ${s.value}  (${s.source}${s.source === 'env' && s.env ? `: ${s.env}` : ''})`,
    );
  const failed = r.checks.filter((c) => c.status === 'fail').length;
  const warned = r.checks.filter((c) => c.status === 'warn').length;
  lines.push(
    '',
    failed
      ? `❌ ${failed} problem${failed === 1 ? '' : 's'} to fix${warned ? `, ${warned} to look at` : ''}`
      : `✅ nothing to fix${warned ? ` (${warned} to look at)` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

export const doctorJson = (r: DoctorReport): string => `${JSON.stringify(r, null, 2)}\n`;
