import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 192 KB HTML login page, as an SSO proxy in front of DataHub answers every request (status 200). */
export const WALL_TITLE = 'Sign in to Acme SSO';
export const wallPage = (): string =>
  `<!DOCTYPE html>\n<html><head><title>${WALL_TITLE}</title></head><body>${'<div class="x">please sign in</div>'.repeat(5_500)}</body></html>`;

export interface FakeServer {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** A local HTTP server answering every request with `answer` (status, content type, body). */
export async function startFakeServer(
  answer: (req: http.IncomingMessage, body: string) => { status: number; type?: string; body: string },
): Promise<FakeServer> {
  const state = { requests: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      state.requests++;
      const a = answer(req, body);
      res.writeHead(a.status, a.type ? { 'content-type': a.type } : {});
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
