import type { Instrument } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAppStore } from '../../../lib/stores/app-store';
import { addFavourite, favouritesQuery, removeFavourite } from '../api/market-queries';

type Favourite = { id: number; currency_id: number; symbol: string };

/** The signed-in user's favourites with an optimistic star toggle. */
export function useFavourites() {
  const token = useAppStore((state) => state.token);
  const queryClient = useQueryClient();
  const query = useQuery(favouritesQuery(token));
  const { queryKey } = favouritesQuery(token);
  const symbols = useMemo(() => new Set((query.data ?? []).map((entry) => entry.symbol)), [query.data]);

  const mutation = useMutation({
    mutationFn: ({ instrument, add }: { instrument: Instrument; add: boolean }) =>
      add ? addFavourite(instrument.id) : removeFavourite(instrument.id),
    onMutate: async ({ instrument, add }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Favourite[]>(queryKey);
      queryClient.setQueryData<Favourite[]>(queryKey, (current = []) =>
        add
          ? [...current, { id: -instrument.id, currency_id: instrument.id, symbol: instrument.symbol }]
          : current.filter((entry) => entry.currency_id !== instrument.id),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });

  return {
    signedIn: token !== null,
    isPending: token !== null && query.isPending,
    symbols,
    toggle: (instrument: Instrument) => mutation.mutate({ instrument, add: !symbols.has(instrument.symbol) }),
  };
}
