import { createContext, useContext, type ReactNode } from 'react';
import type { Variant } from '@kuaibao/domain';
import type { RuntimeFacts } from './detect.ts';

/** Everything the pages branch on, computed once at start (ARCHITECTURE.md#the-parts). */
export interface PlatformInfo extends RuntimeFacts {
  variant: Variant;
}

const PlatformContext = createContext<PlatformInfo | null>(null);

export function PlatformProvider({ value, children }: { value: PlatformInfo; children: ReactNode }) {
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): PlatformInfo {
  const value = useContext(PlatformContext);
  if (!value) throw new Error('usePlatform() outside <PlatformProvider>');
  return value;
}
