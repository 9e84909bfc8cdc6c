import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { appRoutes } from './navigation';

/** Goes back when this tab has history inside the app, else to Home (a deep link's "back"). */
export function useGoBack(fallback: string = appRoutes.home): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state = window.history.state as { idx?: number } | null;
    if (typeof state?.idx === 'number' && state.idx > 0) {
      navigate(-1);
    } else {
      navigate(fallback, { replace: true });
    }
  }, [navigate, fallback]);
}
