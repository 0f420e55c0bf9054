import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';
import { notifyError } from './notify.ts';

/**
 * The console's one QueryClient. A failed action is reported here, once, for every mutation (a
 * mutation that shows its failure itself sets `meta: { quiet: true }`); pages add only what a success
 * means.
 */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; a network blip or 5xx might.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        staleTime: 10_000,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.meta?.quiet) notifyError(error);
      },
    }),
  });
}
