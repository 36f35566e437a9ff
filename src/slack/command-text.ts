/** What `/janus <text>` asks for. Pure: the handler acts on it. */
export type JanusRequest =
  | { kind: 'trust'; model: string }
  | { kind: 'help' }
  /** Text Argos cannot act on: `problem` says why, for the usage message. */
  | { kind: 'usage'; problem: string };

/** A model pasted as `code` or in quotes is still that model. */
const unwrap = (word: string) => word.replace(/^([`'"])(.+)\1$/, '$2');

export function parseJanusText(text: string): JanusRequest {
  const [sub, ...args] = text.trim().split(/\s+/).filter(Boolean);
  if (!sub) return { kind: 'usage', problem: 'Argos needs to know what to do: `/janus trust <model>`.' };
  switch (sub.toLowerCase()) {
    case 'help':
      return { kind: 'help' };
    case 'trust': {
      if (!args.length)
        return {
          kind: 'usage',
          problem:
            '`/janus trust` needs a model: its name in DataHub or its urn, e.g. `/janus trust fraud_detector_v4`.',
        };
      if (args.length > 1)
        return {
          kind: 'usage',
          problem: `\`/janus trust\` judges one model at a time; got ${args.length} words: \`${args.join(' ')}\`.`,
        };
      return { kind: 'trust', model: unwrap(args[0]!) };
    }
    default:
      return { kind: 'usage', problem: `Argos does not know \`/janus ${sub}\`.` };
  }
}
