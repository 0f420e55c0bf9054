import type { RuntimeHost } from '../platform/detect.ts';

/** Where "view progress" leads (docs/product/screens.md#success): the phone lookup, or in the official-account variant the visitor's own applications. */
export function progressPath(host: RuntimeHost): '/order' | '/check' {
  return host === 'wx-oa' ? '/order' : '/check';
}
