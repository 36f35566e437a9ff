import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';

/** The longest request line Janus reads (docs/mcp.md): a longer one is refused with an error reply, not buffered. */
export const MCP_MAX_LINE_BYTES = 4 * 1024 * 1024;

/** JSON-RPC's own codes for a line that is not JSON, and for JSON that is not a request. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

export interface LineTransportOptions {
  maxLineBytes?: number;
  logger?: Logger;
}

/**
 * MCP over newline-delimited JSON on stdio, like the SDK's StdioServerTransport (its serializer and message schema),
 * with three differences: a line that is not JSON, or not a JSON-RPC message, gets JSON-RPC's error reply (id null)
 * and a debug log line instead of silence; a line over `maxLineBytes` is skipped as it arrives and refused with an
 * error reply; and at the end of input the transport closes only once every request read has been answered.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLine: number;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of an over-long line skipped so far (it is dropped, not kept). */
  private skipping = 0;
  private readonly pending = new Set<RequestId>();
  private ended = false;
  private closed = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly opts: LineTransportOptions = {},
  ) {
    this.maxLine = opts.maxLineBytes ?? MCP_MAX_LINE_BYTES;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdin.on('error', this.onStdinError);
  }

  private readonly onData = (chunk: Buffer | string) => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let nl = buf.indexOf(10); ; nl = buf.indexOf(10)) {
      const part = nl === -1 ? buf : buf.subarray(0, nl);
      if (this.skipping) this.skipping += part.length;
      else if (this.size + part.length > this.maxLine) {
        this.skipping = this.size + part.length;
        this.chunks = [];
        this.size = 0;
      } else if (part.length) {
        this.chunks.push(part);
        this.size += part.length;
      }
      if (nl === -1) return;
      buf = buf.subarray(nl + 1);
      this.endLine();
    }
  };

  private endLine(): void {
    if (this.skipping) {
      const bytes = this.skipping;
      this.skipping = 0;
      this.opts.logger?.debug({ bytes, limit: this.maxLine }, 'MCP request line over the limit: refused');
      return void this.reply(INVALID_REQUEST, `request line of ${bytes} bytes is over the limit of ${this.maxLine}`);
    }
    const line = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (err) {
      this.opts.logger?.debug({ err: (err as Error).message, bytes: line.length }, 'MCP line is not JSON');
      return void this.reply(PARSE_ERROR, `Parse error: ${(err as Error).message}`);
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      this.opts.logger?.debug({ issues: parsed.error.issues.length }, 'MCP line is not a JSON-RPC message');
      return void this.reply(INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message && message.id !== undefined) this.pending.add(message.id);
    this.onmessage?.(message);
  }

  private readonly onEnd = () => {
    if (this.ended) return;
    this.ended = true;
    if (this.size || this.skipping) this.endLine(); // a last line without its newline
    this.closeWhenAnswered();
  };

  private readonly onStdinError = (err: Error) => this.onerror?.(err);

  private closeWhenAnswered(): void {
    if (this.ended && !this.pending.size) void this.close();
  }

  private reply(code: number, message: string): Promise<void> {
    return this.write({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
    if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) {
      this.pending.delete(message.id as RequestId);
      this.closeWhenAnswered();
    }
  }

  private write(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onStdinError);
    if (!this.stdin.listenerCount('data')) this.stdin.pause();
    this.onclose?.();
  }
}
