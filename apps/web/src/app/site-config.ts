import { getSiteConfigRoute } from '@fairex/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from '../lib/api-route';
import { useAppStore } from '../lib/stores/app-store';

const siteConfigStaleMs = 5 * 60_000;

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => callRoute(getSiteConfigRoute, { empty: null, signal }),
  staleTime: siteConfigStaleMs,
});

/**
 * Reads /getSiteConfig at launch (spec section 7) into the app store, and names the document
 * after the operator's site.
 */
export function useSiteConfigSync(): void {
  const { data } = useQuery(siteConfigQuery);
  const setSite = useAppStore((state) => state.setSite);
  useEffect(() => {
    if (data) {
      setSite({
        site_name: data.site_name,
        logo: data.site_logo,
        demo: data.demo,
        clockAheadMs: data.clock_ahead_ms,
      });
    }
  }, [data, setSite]);
  const siteName = useAppStore((state) => state.site_name);
  useEffect(() => {
    document.title = siteName;
  }, [siteName]);
}
