import type { Goods, PrevInfo, SiteConfig } from '@kuaibao/domain';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { readConfig, readGoods, readPrevInfo } from './storage.ts';

/**
 * What start-up leaves for the pages: the site config, the goods and the previous visit's info.
 * `ready` is false while the page still shows what was prerendered (docs/decisions/028-prerender-and-hydration.md):
 * the data is then the prerender's own, and the pages read nothing else from storage, so that the first
 * render matches the HTML. Start-up finishing swaps in the stored data.
 */
export interface SiteData {
  config: SiteConfig | null;
  goods: Goods[];
  prevInfo: PrevInfo | null;
  ready: boolean;
  /** A prerender's data only: when it was rendered (ISO), for the texts that depend on the date. */
  renderedAt?: string;
}

export function readSiteData(): SiteData {
  return { config: readConfig(), goods: readGoods(), prevInfo: readPrevInfo(), ready: true };
}

const SiteDataContext = createContext<SiteData | null>(null);

export function SiteDataProvider({ value, children }: { value: SiteData; children: ReactNode }) {
  return <SiteDataContext.Provider value={value}>{children}</SiteDataContext.Provider>;
}

/** The provider's data; without one (page tests), what storage holds now. */
export function useSiteData(): SiteData {
  return useContext(SiteDataContext) ?? readSiteData();
}

const subscribeNever = () => () => undefined;

/**
 * True while React hydrates this component from prerendered HTML (and on the server), false on
 * every later render and in a root that was not prerendered. Parts that depend on the clock render
 * their prerendered form first, so hydration finds the HTML it expects.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/**
 * The time a date-dependent text is worded for: while hydrating, the time the HTML was rendered
 * (so React finds the text it expects), then `now`. Only a build from the other side of a date
 * boundary (1 July) shows a different text, for the moment hydration takes.
 */
export function useWordingTime(now: Date): Date {
  const hydrating = useHydrating();
  const { renderedAt } = useSiteData();
  return hydrating && renderedAt ? new Date(renderedAt) : now;
}
