import { useEffect, useState } from 'react';
import { discoverProviders } from './provider-discovery';
import type { ProviderCandidate } from './wallet-provider';

/** The wallet providers in this page, found once on mount; null while looking. */
export function useProviderCandidates(): readonly ProviderCandidate[] | null {
  const [candidates, setCandidates] = useState<readonly ProviderCandidate[] | null>(null);
  useEffect(() => {
    let active = true;
    discoverProviders()
      .then((found) => {
        if (active) setCandidates(found);
      })
      .catch(() => {
        if (active) setCandidates([]);
      });
    return () => {
      active = false;
    };
  }, []);
  return candidates;
}
