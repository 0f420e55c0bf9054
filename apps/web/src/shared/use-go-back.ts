import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back within the app, or home when the page was opened directly (a shared link, a reload
 * after the history was lost): never off the site. react-router keeps the entry index in history.state.
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (globalThis.history?.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
