import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LeakRepair } from '@sm/shared';
import { formatDate } from '@sm/shared';


/** How a verification test stands: its date and result, or still to do. */
export function testText(on: string | null, passed: boolean | null) {
  if (!on) return 'to do';
  return `${passed ? 'passed' : 'failed'} on ${formatDate(on)}`;
}

/** A deadline as people read it. */
export const dueText = (repair: LeakRepair) => `${formatDate(repair.dueOn)}${repair.isOverdue ? ' (overdue)' : ''}`;

/**
 * The warning a technician reads when a leak rate is above its category's rate: the piece, the rate, the repair
 * deadline and the leak-test work order with its two verification tests.
 */
export function LeakRepairNotice({ repairs, title }: { repairs: LeakRepair[]; title: string }) {
  if (repairs.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={title} role="alert" data-testid="leak-warning">
      <List spacing={6} size="sm">
        {repairs.map((r) => (
          <List.Item key={r.leakRepairId}>
            <Text size="sm" fw={600} span>
              {r.equipmentName}: leak rate {r.leakRatePercent.toFixed(2)} % is above {r.leakThresholdPercent} %.
            </Text>{' '}
            <Text size="sm" span>
              Repair by {dueText(r)}
              {r.isIndustrialShutdown ? ' (industrial shutdown)' : ''}. Verification tests on work order {r.verificationWorkOrderNumber ?? '—'} (Leak Test): initial{' '}
              {testText(r.initialTestOn, r.initialTestPassed)}, follow-up {testText(r.followUpTestOn, r.followUpTestPassed)}.
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
