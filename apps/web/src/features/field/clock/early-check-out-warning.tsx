import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { SC_CHECK_MINUTES_MIN } from '@sm/shared';
import { useEffect, useState } from 'react';

const timeText = (at: number) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * Before a ServiceChannel check-out sooner than SC_CHECK_MINUTES_MIN after the check-in (which the client's provider
 * compliance scorecard counts as a miss), says so and until when; gone by itself once that time has passed.
 */
export function EarlyCheckOutWarning({ startTime }: { startTime: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  const okAt = startTime === null ? null : Date.parse(startTime) + SC_CHECK_MINUTES_MIN * 60_000;
  const isEarly = okAt !== null && now < okAt;
  useEffect(() => {
    if (!isEarly) return;
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, [isEarly]);
  if (!isEarly || startTime === null) return null;
  return (
    <Alert color="orange" icon={<IconClockExclamation />} title="Too soon for ServiceChannel" data-testid="sc-early-check-out-warning">
      Checked in at {timeText(Date.parse(startTime))}: a check-out before {timeText(okAt)} counts as a miss on the client's compliance scorecard.
    </Alert>
  );
}
