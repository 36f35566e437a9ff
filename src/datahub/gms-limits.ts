import {
  Kind,
  Lexer,
  parse,
  Source,
  TokenKind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * What a DataHub GMS refuses before running a document. The parser's (graphql-java 22's default `ParserOptions`,
 * which GMS's `GraphQLEngine` keeps): 1 MiB of characters, 15,000 grammar tokens (its end-of-file token among them),
 * 200,000 whitespace tokens (each ignored character: space, tab, line break, comma). DataHub's query limits
 * (`GRAPHQL_QUERY_COMPLEXITY_LIMIT`, `GRAPHQL_QUERY_DEPTH_LIMIT`, defaults in application.yaml): complexity 2000,
 * depth 50. Past any of them GMS answers an error and runs nothing.
 */
export const GMS_LIMITS = {
  characters: 1024 * 1024,
  grammarTokens: 15_000,
  whitespaceTokens: 200_000,
  complexity: 2000,
  depth: 50,
} as const;

/** What GMS counts in one document. */
export interface DocumentSize {
  characters: number;
  /** Not counting the end of the document, which graphql-java also counts: at most 14,999 pass. */
  grammarTokens: number;
  /** `#` comments: graphql-java counts them apart, against the grammar tokens' limit. */
  commentTokens: number;
  whitespaceTokens: number;
  /** Every field 1 plus its children, `__typename` 0, whatever `@include`/`@skip` would leave out counted in. */
  complexity: number;
  /** The deepest field's level, root fields at 1. */
  depth: number;
}

/** The most results a search or lineage search returns (`SEARCH_SERVICE_LIMIT_RESULTS_MAX`): a `count` of a variable. */
const MAX_COUNT = 10_000;

/** Measures a document as GMS would, before sending it: tokens with graphql-js's lexer, fields from its AST. */
export function documentSize(text: string): DocumentSize {
  return { ...tokensOf(text), ...shapeOf(parse(text, { noLocation: true })) };
}

/** The limits a document is past, by name (none when GMS would run it). */
export function pastGmsLimits(size: DocumentSize): string[] {
  const past: string[] = [];
  if (size.characters > GMS_LIMITS.characters) past.push('characters');
  if (size.grammarTokens + 1 > GMS_LIMITS.grammarTokens) past.push('grammarTokens');
  if (size.commentTokens > GMS_LIMITS.grammarTokens) past.push('commentTokens');
  if (size.whitespaceTokens > GMS_LIMITS.whitespaceTokens) past.push('whitespaceTokens');
  if (size.complexity > GMS_LIMITS.complexity) past.push('complexity');
  if (size.depth > GMS_LIMITS.depth) past.push('depth');
  return past;
}

function tokensOf(text: string) {
  const lexer = new Lexer(new Source(text));
  const counts = { characters: text.length, grammarTokens: 0, commentTokens: 0, whitespaceTokens: 0 };
  // lookahead() skips comments but links them, so the chain from the start holds every token
  for (let previous = lexer.token; previous.kind !== TokenKind.EOF;) {
    if (!previous.next) {
      lexer.token = previous;
      lexer.lookahead();
    }
    const token = previous.next!;
    counts.whitespaceTokens += token.start - previous.end;
    if (token.kind === TokenKind.COMMENT) counts.commentTokens++;
    else if (token.kind !== TokenKind.EOF) counts.grammarTokens++;
    previous = token;
  }
  return counts;
}

/**
 * Complexity and depth as DataHub counts them (graphql-java's `QueryTraverser` with DataHub's
 * `DataHubFieldComplexityCalculator`), without the schema: a field with an `input` whose results spread a fragment
 * named `searchResultFields` also counts 2 × its `input.count` (a variable's at the most a search returns).
 */
function shapeOf(document: DocumentNode): { complexity: number; depth: number } {
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  let depth = 0;
  const selections = (set: SelectionSetNode, level: number): number =>
    set.selections.reduce((sum, s) => {
      if (s.kind === Kind.FIELD) return sum + field(s, level);
      const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : fragments.get(s.name.value);
      return sum + (fragment ? selections(fragment.selectionSet, level) : 0);
    }, 0);
  const field = (node: FieldNode, level: number): number => {
    depth = Math.max(depth, level);
    if (node.name.value === '__typename') return 0;
    return 1 + (node.selectionSet ? selections(node.selectionSet, level + 1) : 0) + lineageCount(node);
  };
  const complexity = document.definitions.reduce(
    (sum, d) => sum + (d.kind === Kind.OPERATION_DEFINITION ? selections(d.selectionSet, 1) : 0),
    0,
  );
  return { complexity, depth };
}

function lineageCount(node: FieldNode): number {
  const named = (set: SelectionSetNode | undefined, name: string) =>
    (set?.selections ?? []).filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === name);
  const spreads = named(node.selectionSet, 'searchResults')
    .flatMap((r) => named(r.selectionSet, 'entity'))
    .some((e) =>
      e.selectionSet?.selections.some((s) => s.kind === Kind.FRAGMENT_SPREAD && s.name.value === 'searchResultFields'),
    );
  if (!spreads) return 0;
  const input = node.arguments?.find((a) => a.name.value === 'input')?.value;
  const count = input?.kind === Kind.OBJECT ? input.fields.find((f) => f.name.value === 'count')?.value : undefined;
  const n = count?.kind === Kind.INT ? Number(count.value) : count || input?.kind === Kind.VARIABLE ? MAX_COUNT : 0;
  return n > 1 ? 2 * n : 0;
}
