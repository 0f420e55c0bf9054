import { isVariant, type Variant } from '@kuaibao/domain';

/**
 * proxy_version (docs/product/overview.md): the site config's value wins, then the build's VITE_PROXY_VERSION,
 * then v0.
 */
export function resolveVariant(configured: unknown, buildDefault: unknown = import.meta.env.VITE_PROXY_VERSION): Variant {
  if (isVariant(configured)) return configured;
  if (isVariant(buildDefault)) return buildDefault;
  return 'v0';
}
