import { GraphQLError, Lexer, parse, Source, TokenKind, type Token } from 'graphql';
import { EngineError, type EngineLocation } from './engine-errors.js';

/**
 * graphql-java's default parser limits (`ParserOptions.MAX_QUERY_CHARACTERS`, `MAX_QUERY_TOKENS`,
 * `MAX_WHITESPACE_TOKENS`, graphql-java 22, which DataHub pins). GMS's `GraphQLEngine` sets no `ParserOptions`, so
 * `ParseAndValidate.parse` runs with `getDefaultOperationParserOptions()`: these, before any validation.
 */
export const PARSER_LIMITS = { characters: 1024 * 1024, grammarTokens: 15_000, whitespaceTokens: 200_000 } as const;

/** What graphql-java's parser counts in a document. */
export interface DocumentTokens {
  /** UTF-16 code units (Java chars), as `SafeTokenReader` counts them. */
  characters: number;
  /** Punctuators, names, numbers and strings (graphql-java's channel 0), not counting the end of the document. */
  grammarTokens: number;
  /** `#` comments (channel 2, counted against the same limit as grammar tokens, apart). */
  commentTokens: number;
  /** Ignored characters, one token each: space, tab, line feed, carriage return, comma, BOM (channel 3). */
  whitespaceTokens: number;
}

/** Counts the tokens of a document with graphql-js's lexer (the same token classes as graphql-java's ANTLR lexer). */
export function countTokens(text: string): DocumentTokens {
  const counts = { characters: text.length, grammarTokens: 0, commentTokens: 0, whitespaceTokens: 0 };
  walkTokens(text, (token, gap) => {
    counts.whitespaceTokens += gap;
    if (token.kind === TokenKind.COMMENT) counts.commentTokens++;
    else if (token.kind !== TokenKind.EOF) counts.grammarTokens++;
    return false;
  });
  return counts;
}

/**
 * The error GMS answers for a document past graphql-java's parser limits, or undefined when the document is within
 * them or has a syntax error first (graphql-java stops at whichever it meets first, reading from the start).
 *
 * graphql-java's `SafeTokenSource` counts every token its lexer hands the parser, per channel, and cancels on the
 * first past a limit; the lexer's end-of-file token is one of channel 0, so a document of 15,000 grammar tokens is
 * already refused (at `<EOF>`). `SafeTokenReader` reads the whole text first and refuses more than 1 MiB of it.
 */
export function parserLimitError(text: string): GraphQLError | undefined {
  if (text.length > PARSER_LIMITS.characters) {
    // ParseCancelledTooManyCharsException: no location (graphql-java then reports an empty list)
    return new EngineError(cancelled(`${format(PARSER_LIMITS.characters)} characters`), 'InvalidSyntax', []);
  }
  let grammar = 0;
  let comments = 0;
  let whitespace = 0;
  let found: { offset: number; kind: 'grammar' | 'comments' | 'whitespace' } | undefined;
  walkTokens(text, (token, gap, gapStart) => {
    if (whitespace + gap > PARSER_LIMITS.whitespaceTokens) {
      found = { offset: gapStart + PARSER_LIMITS.whitespaceTokens - whitespace, kind: 'whitespace' };
      return true;
    }
    whitespace += gap;
    const comment = token.kind === TokenKind.COMMENT;
    if ((comment ? ++comments : ++grammar) <= PARSER_LIMITS.grammarTokens) return false;
    found = { offset: token.start, kind: comment ? 'comments' : 'grammar' };
    return true;
  });
  if (!found || syntaxErrorBefore(text, found.offset)) return undefined;
  const limit = found.kind === 'whitespace' ? PARSER_LIMITS.whitespaceTokens : PARSER_LIMITS.grammarTokens;
  return new EngineError(cancelled(`${format(limit)} '${found.kind}' tokens`), 'InvalidSyntax', [
    antlrLocation(text, found.offset),
  ]);
}

/**
 * Calls `visit` with each token after the start of the document, comments and the end-of-file token included, and the
 * count and start of the ignored characters before it, until `visit` answers true, the end, or a lexical error.
 */
function walkTokens(text: string, visit: (token: Token, gap: number, gapStart: number) => boolean): void {
  const lexer = new Lexer(new Source(text));
  for (let previous = lexer.token; previous.kind !== TokenKind.EOF;) {
    if (!previous.next) {
      // lookahead() links every token it reads, comments too, from the lexer's current one
      lexer.token = previous;
      try {
        lexer.lookahead();
      } catch {
        return; // the parse answers the syntax error
      }
    }
    const token = previous.next!;
    if (visit(token, token.start - previous.end, previous.end)) return;
    previous = token;
  }
}

/** Whether graphql-js finds a syntax error in the text before `offset`. */
function syntaxErrorBefore(text: string, offset: number): boolean {
  try {
    parse(text, { noLocation: true });
    return false;
  } catch (error) {
    return error instanceof GraphQLError && (error.positions?.[0] ?? Infinity) < offset;
  }
}

/** graphql-java's message (`ParseCancelled.full` / `.tooManyChars` in its Parsing.properties). */
const cancelled = (what: string) =>
  `More than ${what} have been presented. To prevent Denial Of Service attacks, parsing has been cancelled.`;

/** Java's `MessageFormat` writes a number argument with the locale's grouping: 15000 → "15,000". */
const format = (n: number) => n.toLocaleString('en-US');

/** ANTLR's position of an offset: lines end at line feeds only; the column is 1-based (`AntlrHelper`). */
function antlrLocation(text: string, offset: number): EngineLocation {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
