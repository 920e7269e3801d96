import { TEAM_LEADER_HUB_PATH } from '@sm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { connectRefreshingHub, type HubConnection, type HubState } from '../../../lib/hub-connection';
import { BOARD_QUERY_KEY } from './boards-api';

/**
 * Keeps the master board live through the team-leader hub (spec platform 4.7). `gridUpdate`, `upsert` and `delete`
 * invalidate the board; `refreshMaps` asks for the positions again, which travel in the same answer, so it does
 * the same. Each connection made refetches too, for the events sent before it was open. Answers the state
 * of the connection and `reconnectNow` for the "Reconnect" button.
 */
export function useTeamLeaderHub(): { state: HubState; reconnectNow: () => void } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<HubState>('connecting');
  const connection = useRef<HubConnection | null>(null);

  useEffect(() => {
    const hub = connectRefreshingHub(TEAM_LEADER_HUB_PATH, () => void queryClient.invalidateQueries({ queryKey: BOARD_QUERY_KEY }), setState);
    connection.current = hub;
    return () => {
      hub.close();
      connection.current = null;
    };
  }, [queryClient]);

  const reconnectNow = useCallback(() => connection.current?.reconnectNow(), []);
  return { state, reconnectNow };
}
