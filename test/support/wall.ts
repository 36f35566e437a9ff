import http from 'node:http';
import { listenLocal } from './listen-local.js';

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
  const { url, close } = await listenLocal(server);
  return {
    url,
    get requests() {
      return state.requests;
    },
    close,
  };
}
