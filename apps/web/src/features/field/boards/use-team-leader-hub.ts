import { TEAM_LEADER_HUB_PATH } from '@sm/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { connectRefreshingHub, type HubConnection, type HubState } from '../../../lib/hub-connection';
import { BOARD_QUERY_KEY } from './boards-api';

/**
 * Keeps a board live through a hub (spec platform 4.7): every event invalidates the board's queries (`queryKey`),
 * and each connection made refetches too, for the events sent before it was open. Answers the state of the
 * connection and `reconnectNow` for the "Reconnect" button.
 */
export function useRefreshingHub(path: string, queryKey: QueryKey): { state: HubState; reconnectNow: () => void } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<HubState>('connecting');
  const connection = useRef<HubConnection | null>(null);
  const key = JSON.stringify(queryKey);

  useEffect(() => {
    const hub = connectRefreshingHub(path, () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }), setState);
    connection.current = hub;
    return () => {
      hub.close();
      connection.current = null;
    };
  }, [queryClient, path, key]);

  const reconnectNow = useCallback(() => connection.current?.reconnectNow(), []);
  return { state, reconnectNow };
}

/**
 * Keeps the master board live through the team-leader hub. `gridUpdate`, `upsert` and `delete` invalidate the board;
 * `refreshMaps` asks for the positions again, which travel in the same answer, so it does the same.
 */
export function useTeamLeaderHub(): { state: HubState; reconnectNow: () => void } {
  return useRefreshingHub(TEAM_LEADER_HUB_PATH, BOARD_QUERY_KEY);
}
