import { describe, expect, it } from 'vitest';
import { ingestProposal, ingestProposalBatch, postAspectsAction } from '../../src/http/ingest-client.js';
import { MAX_BODY_DEPTH, MAX_STRING_LENGTH } from '../../src/loaders/limits.js';
import { goodProposal, MALFORMED, nestedText } from '../support/malformed.js';
import { useSims } from '../support/running-sim.js';

// Issue 38, finding 8: ingestProposal answered 200 `success` for aspects of the wrong shape, a NUL in a urn and a 60 MB
// name, and 500 for a value nested 50,000 deep. Each is refused now as GMS refuses it: Rest.li's error body, 400 for what
// its codec or parameter validation refuses, 422 for GMS's ValidationException; nothing is written.

const sim = useSims();
const entityTypeOf = (urn: string) => /^urn:li:([A-Za-z]+):/.exec(urn)?.[1] ?? 'dataset';
const proposal = (p: { entityUrn: string; aspectName: string; aspect: Record<string, unknown> }) => ({
  entityType: entityTypeOf(p.entityUrn),
  ...p,
});

/** Rest.li's error body for a `RestLiServiceException` with this status and a message matching `message`. */
const restliError = (status: number, message: RegExp) => ({
  status,
  body: {
    exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
    stackTrace: expect.stringContaining(`[HTTP Status:${status}]`),
    message: expect.stringMatching(message),
    status,
  },
});

describe('ingestProposal with a proposal of the wrong shape', () => {
  it.each(MALFORMED.map((m) => [m.what, m] as const))('refuses %s', async (_what, m) => {
    const s = await sim();
    expect(await ingestProposal(s.url, proposal(m))).toEqual(restliError(m.status, m.reason));
    expect(s.store.size).toBe(0);
  });

  it('refuses a batch with one malformed proposal whole, naming it, and writes none of it', async () => {
    const s = await sim();
    const batch = [proposal(goodProposal(0)), proposal(MALFORMED[0]!), proposal(goodProposal(2))];
    expect(await ingestProposalBatch(s.url, batch)).toEqual(restliError(422, /"alice" is not backed by a DataList/));
    expect(s.store.size).toBe(0);
    expect(await ingestProposalBatch(s.url, [batch[0]!, batch[2]!])).toEqual({
      status: 200,
      body: { value: 'success' },
    });
    expect(s.store.size).toBe(2);
  });

  it('answers 400 naming the proposal when a batch holds a urn that does not parse', async () => {
    const s = await sim();
    const open = MALFORMED.find((m) => m.status === 400)!;
    const response = await ingestProposalBatch(s.url, [proposal(goodProposal(0)), proposal(open)]);
    expect(response).toEqual(
      restliError(
        400,
        /^Parameters of method 'ingestProposalBatch' failed validation with error 'ERROR :: \/proposals\/1\/entityUrn :: /,
      ),
    );
  });

  it('refuses an aspect nested 50,000 deep with 422, not 500', async () => {
    const s = await sim();
    const deep = {
      ...proposal(goodProposal(0)),
      aspect: { value: nestedText(50_000), contentType: 'application/json' },
    };
    const response = await postAspectsAction(s.url, 'ingestProposal', { proposal: { ...deep, changeType: 'UPSERT' } });
    expect(response).toEqual(restliError(422, /^the aspect is nested deeper than 100/));
    expect(s.store.size).toBe(0);
  });

  it('refuses a request body nested past Jackson’s 1,000 levels with 400, as Rest.li fails to parse it', async () => {
    const s = await sim();
    const body = `{"proposal": ${JSON.stringify({ ...proposal(goodProposal(0)), changeType: 'UPSERT' }).slice(0, -1)}, "systemMetadata": ${nestedText(50_000)}}, "async": "false"}`;
    const res = await fetch(`${s.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'X-RestLi-Protocol-Version': '2.0.0', 'Content-Type': 'application/json' },
      body,
    });
    expect({ status: res.status, body: await res.json() }).toEqual(
      restliError(
        400,
        new RegExp(
          `^Error parsing entity body: Document nesting depth \\(${MAX_BODY_DEPTH + 1}\\) exceeds the maximum allowed \\(${MAX_BODY_DEPTH},`,
        ),
      ),
    );
  });

  it('refuses a name past GMS’s 16,000,000-character string limit with 400', async () => {
    const s = await sim();
    const name = 'x'.repeat(MAX_STRING_LENGTH);
    const p = { ...proposal(goodProposal(0)), aspectName: 'datasetProperties', aspect: { name } };
    const valueLength = JSON.stringify(p.aspect).length;
    expect(await ingestProposal(s.url, p)).toEqual(
      restliError(
        400,
        new RegExp(
          `^Error parsing entity body: String value length \\(${valueLength}\\) exceeds the maximum allowed \\(${MAX_STRING_LENGTH},`,
        ),
      ),
    );
    expect(s.store.size).toBe(0);
  });
});
