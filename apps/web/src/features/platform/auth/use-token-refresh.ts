import { TOKEN_REFRESH_WINDOW_MINUTES } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { setToken } from '../../../lib/token-store';
import { refreshAccessToken, SESSION_QUERY_KEY } from './session-api';

const CHECK_EVERY_MS = 60_000;
const WINDOW_MS = TOKEN_REFRESH_WINDOW_MINUTES * 60_000;

/**
 * Keeps the token alive (spec platform 4.1): at start-up and every minute, when 30 minutes or fewer remain
 * before `exp`, asks for a new token and reloads the session claims. A failure says "Something went Wrong!"
 * once per token; a 401 signs out through the API layer instead.
 */
export function useTokenRefresh(exp: number | null): void {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const failedFor = useRef<number | null>(null);

  useEffect(() => {
    if (exp === null) return;
    const check = async () => {
      if (busy.current || exp * 1000 - Date.now() > WINDOW_MS) return;
      busy.current = true;
      try {
        const { accessToken } = await refreshAccessToken();
        setToken(accessToken);
        await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      } catch (error) {
        const signedOut = error instanceof ApiError && error.status === 401;
        if (!signedOut && failedFor.current !== exp) notifyError('Something went Wrong!');
        failedFor.current = exp;
      } finally {
        busy.current = false;
      }
    };
    void check();
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [exp, queryClient]);
}
