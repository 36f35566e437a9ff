import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { parseUrn } from '../urn.js';
import type { Grants } from './grants.js';
import { isPrivilegeName } from './privilege-names.js';

const privilegeList = z.array(
  z.string().refine(isPrivilegeName, { error: (issue) => `not a DataHub privilege: ${String(issue.input)}` }),
);

/** One token: the user it acts as, and what DataHub's policies grant that user. */
export const tokenSpecSchema = z.strictObject({
  /** The token's user: DataHub stamps every write with it, and `me` answers it. */
  actor: z.string().refine((u) => parseUrn(u)?.entityType === 'corpuser', 'must be a urn:li:corpuser: urn'),
  /** Privileges held on every entity and on the platform (e.g. EDIT_ENTITY_TAGS, CREATE_TAGS). */
  privileges: privilegeList.default([]),
  /**
   * Privileges held on some entities only: a metadata policy whose resources are these urns, or every entity of these
   * types (its resource filter's TYPE criterion, e.g. `incident`, `dataset`, `mlModel`).
   */
  resourcePrivileges: z
    .array(
      z
        .strictObject({
          resources: z.array(z.string()).min(1).optional(),
          types: z.array(z.string().min(1)).min(1).optional(),
          privileges: privilegeList,
        })
        .refine((r) => !!r.resources || !!r.types, 'name the resources, their types, or both'),
    )
    .default([]),
});
export type TokenSpec = z.input<typeof tokenSpecSchema>;

/** The tokens file: `{"tokens": {"<token>": {actor, privileges, resourcePrivileges}}}`. */
export const tokensFileSchema = z.strictObject({ tokens: z.record(z.string().min(1), tokenSpecSchema) });

/** Who a request acts as: the actor's urn and its grants (`undefined`: an admin's, every privilege). */
export interface Identity {
  actor: string;
  grants?: Grants;
}

/** The default token's user (GMS's root user), which holds every privilege. */
export const ADMIN: Identity = { actor: 'urn:li:corpuser:datahub' };

function grantsOf(spec: z.output<typeof tokenSpecSchema>): Grants {
  const byResource = new Map<string, Set<string>>();
  const byType = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, privileges: string[]) => {
    const held = map.get(key) ?? new Set<string>();
    for (const p of privileges) held.add(p);
    map.set(key, held);
  };
  for (const { resources, types, privileges } of spec.resourcePrivileges) {
    for (const urn of resources ?? []) add(byResource, urn, privileges);
    for (const type of types ?? []) add(byType, type, privileges);
  }
  return { everywhere: new Set(spec.privileges), byResource, byType };
}

/**
 * The tokens the simulator accepts. None configured: no authentication, every request acts as the admin. The
 * `--token` token acts as the admin; each token of a tokens file acts as its actor with its privileges. When any
 * token is configured, a request without one of them answers 401.
 */
export class TokenTable {
  private readonly identities = new Map<string, Identity>();

  constructor(opts: { token?: string; tokens?: Record<string, TokenSpec> } = {}) {
    for (const [token, spec] of Object.entries(opts.tokens ?? {})) {
      const parsed = tokenSpecSchema.parse(spec);
      this.identities.set(token, { actor: parsed.actor, grants: grantsOf(parsed) });
    }
    if (opts.token !== undefined) this.identities.set(opts.token, ADMIN);
  }

  /** The request's identity, or `undefined` when it must be refused (401). */
  identify(req: IncomingMessage): Identity | undefined {
    if (this.identities.size === 0) return ADMIN;
    // DataHub's token authenticator accepts `Bearer` or `bearer`.
    const match = /^[Bb]earer (.*)$/.exec(req.headers.authorization ?? '');
    return match ? this.identities.get(match[1]!) : undefined;
  }
}

/** The context of one request: the shared one, acting as the request's identity. */
export const actingAs = <C extends { actor: string; grants?: Grants }>(ctx: C, identity: Identity): C =>
  identity === ADMIN ? ctx : { ...ctx, actor: identity.actor, ...(identity.grants ? { grants: identity.grants } : {}) };
