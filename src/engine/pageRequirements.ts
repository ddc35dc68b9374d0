import { use } from 'react';
import type { PageRequirement } from '../shared/schemaTypes.ts';

/** Each requirement's loader, a lazy chunk: only the pages that declare it load it. */
const LOADERS: Record<PageRequirement, () => Promise<unknown>> = {
  oaScript: () => import('../core/oaScript.ts').then((m) => m.loadOaScript()),
};

const loading = new Map<PageRequirement, Promise<unknown>>();

/**
 * Suspends until what the page `requires` is loaded, each once per tab. Asked for when the page
 * renders, not with its code: the runtime config that names the OA script is known by then.
 */
export function usePageRequirements(requires: PageRequirement[] | undefined): void {
  for (const need of requires ?? []) {
    if (!loading.has(need)) loading.set(need, LOADERS[need]());
    use(loading.get(need)!);
  }
}
