import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { requireBuiltCli, runJanus } from './run-janus.js';

/** The YAML blocks of docs/gate.md's "In a pull request" section: the CI examples people copy. */
function examples(): string[] {
  const doc = readFileSync('docs/gate.md', 'utf8');
  const section = doc.slice(doc.indexOf('\n## In a pull request'));
  return [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Every `npx janus …` command a parsed example runs, split into its words. */
function janusCommands(value: unknown): string[][] {
  if (typeof value === 'string')
    return [...value.matchAll(/npx janus ([^\n]+)/g)].map((m) => m[1]!.trim().split(/\s+/));
  if (Array.isArray(value)) return value.flatMap(janusCommands);
  if (value && typeof value === 'object') return Object.values(value).flatMap(janusCommands);
  return [];
}

describe('docs/gate.md CI examples', () => {
  beforeAll(requireBuiltCli);

  it('are valid YAML: a GitHub Actions workflow and a GitLab CI job', () => {
    const [github, gitlab] = examples().map((text) => parse(text));
    expect(github.jobs.gate.steps.map((s: { run?: string }) => s.run ?? '').join('\n')).toContain(
      'gh pr comment "${{ github.event.pull_request.number }}" --body-file janus.md',
    );
    expect(gitlab['janus-gate'].artifacts.reports.junit).toBe('janus.xml');
  });

  it('run janus commands and options that exist', async () => {
    const commands = examples().flatMap((text) => janusCommands(parse(text)));
    expect(commands.length).toBe(2);
    for (const [command, ...args] of commands) {
      const help = await runJanus([command!, '--help']);
      expect(help.code, help.stderr).toBe(0);
      for (const option of args.filter((a) => a.startsWith('--'))) expect(help.stdout).toContain(option);
      expect(help.stdout).toContain(`"${args[args.indexOf('--format') + 1]}"`);
    }
  });
});
