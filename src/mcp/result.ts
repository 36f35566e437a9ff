import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { JanusError } from '../errors.js';
import type { Logger } from '../log.js';
import { clipLines } from '../core/echo.js';

/**
 * A tool's answer: readable text for people and models, the same facts as `structuredContent` for programs. A tool
 * clips what it echoes of its arguments (core/echo.ts); its own lists (a blast radius of hundreds) stay whole.
 */
export function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool's failure as an MCP error result: the client sees why (each line clipped), and the server keeps serving. */
export function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: clipLines(message) }] };
}

/** Runs a tool body; any error becomes an error result with a clear message (never a thrown protocol error). */
export async function guard(
  tool: string,
  logger: Logger | undefined,
  body: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    const message =
      err instanceof JanusError ? err.message : `${tool} failed: ${err instanceof Error ? err.message : String(err)}`;
    logger?.warn(
      { tool, code: err instanceof JanusError ? err.code : undefined, err: message },
      'MCP tool returned an error',
    );
    return failure(message);
  }
}
