import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const staleTimeMs = 60_000;
const networkRetriesMax = 1;

/** A call the server answered (even with an error) is not retried; a lost request once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind !== 'network' && error.kind !== 'http-error') {
    return false;
  }
  return failureCount < networkRetriesMax;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: staleTimeMs, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
