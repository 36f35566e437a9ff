import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request whose body was read here: what Bolt's HTTPReceiver takes as already buffered (`rawBody`). */
export type BufferedRequest = IncomingMessage & { rawBody: Buffer };

export type BufferedHandler = (req: BufferedRequest, res: ServerResponse) => Promise<void>;

/**
 * Reads a request's body counting bytes as they arrive (Content-Length or chunked alike), and answers 413 the moment
 * it passes `maxBytes`: nothing more is buffered, nothing is verified, and the connection is closed. A body within
 * the limit is handed on as `rawBody`.
 */
export function limitBody(maxBytes: number, next: BufferedHandler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(req, res, maxBytes);
    const body = await readUpTo(req, maxBytes);
    if (body === 'too-large') return tooLarge(req, res, maxBytes);
    if (body === 'aborted') return;
    const buffered = req as BufferedRequest;
    buffered.rawBody = body;
    return next(buffered, res);
  };
}

function readUpTo(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (value: Buffer | 'too-large' | 'aborted') => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        chunks.length = 0;
        return done('too-large');
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size));
    const onError = () => done('aborted');
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function tooLarge(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  const body = `request body over ${maxBytes} bytes\n`;
  res.writeHead(413, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  // the rest of the body is never read: the connection closes once the answer is out
  res.end(body, () => req.destroy());
}
