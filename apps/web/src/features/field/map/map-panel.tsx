import { Box, Button, Center, Group, Loader, Stack, Text, type BoxProps } from '@mantine/core';
import { IconMapOff, IconMapPin } from '@tabler/icons-react';
import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { MAP_UNAVAILABLE_MESSAGE, POINT_COLORS, type MapPoint } from './map-points';

const LocationsMap = lazy(() => import('./locations-map'));

/** Anything thrown while loading or drawing the map ends in the fallback, never in the page's error panel. */
class MapBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error('The map failed:', error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Container breakpoints for a page's list beside its map: the page's own width decides (the navbar and the team
 * leaders panel take much of a desktop), so list and map sit side by side from 880 px of content (`lg`).
 */
export const SIDE_BY_SIDE = { xs: '30em', sm: '40em', md: '48em', lg: '55em', xl: '75em' };

function Centered({ children }: { children: ReactNode }) {
  return (
    <Center h="100%" p="md" bg="gray.0">
      {children}
    </Center>
  );
}

const LEGEND: Record<MapPoint['kind'], string> = { technician: 'Technician (last known position)', jobSite: 'Job site' };

/** What the dots mean, for the kinds this map shows. */
function Legend({ points }: { points: readonly MapPoint[] }) {
  const kinds = (Object.keys(LEGEND) as MapPoint['kind'][]).filter((kind) => points.some((p) => p.kind === kind));
  return (
    <Group gap="md" mt={6}>
      {kinds.map((kind) => (
        <Group key={kind} gap={6} wrap="nowrap">
          <Box w={12} h={12} bg={POINT_COLORS[kind]} style={{ borderRadius: '50%', border: '2px solid white', boxShadow: '0 0 0 1px #ced4da' }} />
          <Text size="xs" c="dimmed">
            {LEGEND[kind]}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

interface MapPanelProps {
  points: readonly MapPoint[];
  /** Height of the map area; responsive values work as on any Mantine box. */
  h?: BoxProps['h'];
  /** Shown instead of an empty map. */
  emptyText?: string;
}

/**
 * A map of technicians and job sites (spec clock 2.8) that never leaves the user looking at a blank box: while it
 * loads a spinner, without points a sentence, and when tiles fail or the map throws the spec's fallback sentence
 * (spec clock 8) with a way to try again.
 */
export function MapPanel({ points, h = 360, emptyText = 'Nothing to show on the map.' }: MapPanelProps) {
  const [isUnavailable, setUnavailable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const giveUp = useCallback(() => setUnavailable(true), []);
  const retry = () => {
    setUnavailable(false);
    setAttempt((n) => n + 1);
  };

  let body: ReactNode;
  if (points.length === 0) {
    body = (
      <Centered>
        <Stack align="center" gap={4} c="dimmed">
          <IconMapPin size={28} aria-hidden />
          <Text size="sm">{emptyText}</Text>
        </Stack>
      </Centered>
    );
  } else if (isUnavailable) {
    body = (
      <Centered>
        <Stack align="center" gap="xs" c="dimmed" data-testid="map-unavailable">
          <IconMapOff size={28} aria-hidden />
          <Text size="sm" ta="center">
            {MAP_UNAVAILABLE_MESSAGE}
          </Text>
          <Button size="xs" variant="default" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Centered>
    );
  } else {
    body = (
      <MapBoundary key={attempt} onError={giveUp}>
        <Suspense
          fallback={
            <Centered>
              <Loader size="sm" role="status" aria-label="Loading map" />
            </Centered>
          }
        >
          <LocationsMap key={attempt} points={points} onUnavailable={giveUp} />
        </Suspense>
      </MapBoundary>
    );
  }

  return (
    <Box component="section" aria-label="Map">
      {/* Its own stacking context: Leaflet's panes must not rise above the app's header and dialogs. */}
      <Box h={h} style={{ position: 'relative', zIndex: 0, overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}>
        {body}
      </Box>
      {points.length > 0 && !isUnavailable && <Legend points={points} />}
    </Box>
  );
}
