import { Center, Loader, Progress } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigationPending } from '../lib/pending-navigation';

/** Centered spinner shown while a lazy area or a page's first data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih={240} h="100%" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/**
 * Thin bar at the top of the window while any call is in flight or the next page is on its way (the page-loading
 * indicator of spec 2.5).
 */
export function TopProgress() {
  const calls = useIsFetching() + useIsMutating();
  const busy = useNavigationPending() || calls > 0;
  if (!busy) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size={3}
      radius={0}
      aria-label="Loading"
      data-testid="page-progress"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
