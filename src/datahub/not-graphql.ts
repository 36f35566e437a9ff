/**
 * A 200 whose body is not GraphQL's JSON: an SSO login page, a proxy's notice, a captive portal in front of DataHub.
 * Said once and short (status, content type, the page's <title>, how it begins), never the whole page: such pages
 * run to hundreds of kilobytes.
 */
export class NotGraphQLError extends Error {
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly title: string | undefined,
    readonly begins: string,
  ) {
    super(
      `HTTP ${status} ${contentType || 'with no content type'}, not GraphQL JSON (a login page or proxy in front of ` +
        `DataHub? check DATAHUB_GMS_URL)${title ? `; title "${title}"` : ''}; it begins: ${begins}`,
    );
    this.name = 'NotGraphQLError';
  }
}

/** Bytes of a page read to describe it, at most. */
export const PAGE_PREFIX_BYTES = 16 * 1024;
/** Characters of a page quoted, at most. */
export const PAGE_QUOTE_CHARS = 200;

const isJson = (contentType: string) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType.trim());

/**
 * A fetch that refuses a successful answer that is not JSON, reading only its first bytes: what graphql-request
 * would otherwise parse, fail on, and quote whole.
 */
export function refusingNonJson(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    const contentType = res.headers.get('content-type') ?? '';
    if (!res.ok || isJson(contentType)) return res;
    const text = await readPrefix(res, PAGE_PREFIX_BYTES);
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
    const flat = text.replace(/\s+/g, ' ').trim();
    const begins = flat.length > PAGE_QUOTE_CHARS ? `${flat.slice(0, PAGE_QUOTE_CHARS)}…` : flat || '(empty)';
    throw new NotGraphQLError(res.status, contentType.split(';')[0]!.trim(), title?.slice(0, PAGE_QUOTE_CHARS), begins);
  };
}

async function readPrefix(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, max));
}
