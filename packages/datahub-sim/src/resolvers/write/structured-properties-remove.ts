import { authorize, canEditProperties } from '../../auth/checks.js';
import { notAuthorizedOn } from './structured-properties-upsert.js';
import type { SimContext } from '../../schema/context.js';
import { SimError } from '../../schema/errors.js';
import type { Aspect } from '../../store/store.js';
import { editableAspect, existsInDataHub, requireUrn } from './gms-rules.js';

interface RemoveStructuredPropertiesInput {
  assetUrn: string;
  structuredPropertyUrns: string[];
}

/**
 * RemoveStructuredPropertiesResolver: drops the listed properties' assignments from the asset (absent ones
 * are ignored) and returns the written `structuredProperties` aspect. The asset must exist.
 */
export function removeStructuredProperties(
  _: unknown,
  { input }: { input: RemoveStructuredPropertiesInput },
  ctx: SimContext,
): Aspect {
  requireUrn(input.assetUrn);
  authorize(ctx, canEditProperties(ctx, input.assetUrn), notAuthorizedOn(input.assetUrn));
  if (!existsInDataHub(ctx.store, input.assetUrn)) {
    throw new SimError('SERVER_ERROR', `Asset with provided urn ${input.assetUrn} does not exist`);
  }
  const aspect = editableAspect<{ properties?: { propertyUrn: string }[] }>(
    ctx.store,
    input.assetUrn,
    'structuredProperties',
    { properties: [] },
  );
  const drop = new Set(input.structuredPropertyUrns);
  aspect.properties = (aspect.properties ?? []).filter((p) => !drop.has(p.propertyUrn));
  ctx.store.write(input.assetUrn, 'structuredProperties', aspect as Aspect);
  return aspect as Aspect;
}
