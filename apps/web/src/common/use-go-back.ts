import { useCallback } from 'react';
import { useHistoryIndex, useNavigate } from '../router/router.tsx';

/**
 * Back within the app, or home when the page was opened directly (a shared link, a reload
 * after the history was lost): never off the site. The router keeps each entry's index in history.state.
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  const historyIndex = useHistoryIndex();
  return useCallback(() => {
    if (historyIndex() > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, historyIndex, fallback]);
}
