import { TEAM_LEADER_HUB_PATH } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { connectHub, type HubConnection, type HubState } from '../../../lib/hub-connection';
import { BOARD_QUERY_KEY } from './boards-api';

/** Events that arrive together (a clock-in sends gridUpdate and refreshMaps) cause one refetch, not several. */
const COALESCE_MS = 250;

/**
 * Keeps the master board live through the team-leader hub (spec platform 4.7). `gridUpdate`, `upsert` and `delete`
 * invalidate the board; `refreshMaps` asks for the positions again, which travel in the same answer, so it does
 * the same. A connection that comes back after a loss refetches too, for the events it missed. Answers the state
 * of the connection and `reconnectNow` for the "Reconnect" button.
 */
export function useTeamLeaderHub(): { state: HubState; reconnectNow: () => void } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<HubState>('connecting');
  const connection = useRef<HubConnection | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hasBeenOnline = false;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: BOARD_QUERY_KEY }), COALESCE_MS);
    };
    const hub = connectHub(TEAM_LEADER_HUB_PATH, {
      message: refresh,
      state: (next) => {
        setState(next);
        if (next !== 'online') return;
        if (hasBeenOnline) refresh();
        hasBeenOnline = true;
      },
    });
    connection.current = hub;
    return () => {
      clearTimeout(timer);
      hub.close();
      connection.current = null;
    };
  }, [queryClient]);

  const reconnectNow = useCallback(() => connection.current?.reconnectNow(), []);
  return { state, reconnectNow };
}
