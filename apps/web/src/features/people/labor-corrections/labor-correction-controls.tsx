import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCheck, IconHistory, IconPencil, IconX } from '@tabler/icons-react';
import { satisfies, TIMESHEET_LOCK, type LaborCorrection, type LaborCorrectionRequest, type LaborValues } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { CorrectionRequestDialog, DeclineCorrectionDialog, type LaborRef } from './correction-dialogs';
import { LaborCorrectionDialog } from './labor-correction-dialog';
import { timeText, useLaborCorrectionActions } from './labor-corrections-api';

/** A labor entry as the controls need it: its times, owner, corrections and latest request. */
export interface CorrectableLabor extends LaborRef {
  userId: number;
  corrections: LaborCorrection[];
  correctionRequest: LaborCorrectionRequest | null;
}

const LABELS: [keyof LaborValues, string][] = [
  ['startTime', 'Start'], ['stopTime', 'Stop'], ['workOrderNumber', 'Work order'], ['employeeType', 'Employee Type'], ['itemRateType', 'Item rate type'],
  ['perDiemType', 'Per diem'], ['truck', 'Truck'], ['workOrderFlag', 'Flag'], ['isOvertime', 'Overtime'], ['isApprenticeRateApplied', 'Apprentice rate'],
];

function valueText(key: keyof LaborValues, value: LaborValues[keyof LaborValues], timeZone?: string) {
  if (key === 'startTime' || key === 'stopTime') return timeText(value as string | null, timeZone);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value ?? 'none';
}

/** Each correction: who, when, what changed from what to what, and why. */
function CorrectionHistory({ corrections, timeZone }: { corrections: LaborCorrection[]; timeZone?: string }) {
  return (
    <Stack gap={6} role="list" aria-label="Correction history">
      {[...corrections].reverse().map((c) => (
        <Paper key={c.auditId} withBorder radius="sm" p="xs" role="listitem">
          <Text size="xs" c="dimmed">
            {c.changedBy ?? 'Unknown'} · {timeText(c.changedAt, timeZone)}
          </Text>
          {LABELS.filter(([key]) => c.before[key] !== c.after[key]).map(([key, label]) => (
            <Text key={key} size="sm">
              {label}: {valueText(key, c.before[key], timeZone)} <IconArrowRight size={12} style={{ verticalAlign: 'middle' }} aria-label="to" /> {valueText(key, c.after[key], timeZone)}
            </Text>
          ))}
          {c.reason && (
            <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              {c.reason}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

const REQUEST_BADGES = { Pending: ['yellow', 'Correction pending'], Approved: ['teal', 'Correction approved'], Declined: ['red', 'Correction declined'] } as const;

/** The latest request's answer, as the technician and the office read it. */
function RequestState({ request, timeZone }: { request: LaborCorrectionRequest; timeZone?: string }) {
  const [color, label] = REQUEST_BADGES[request.status];
  return (
    <Stack gap={2}>
      <Badge color={color} variant="light" size="sm" tt="none" data-testid="correction-request-status">
        {label}
      </Badge>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Asked {timeText(request.proposedStartTime, timeZone)} – {timeText(request.proposedStopTime, timeZone)}: {request.reason}
      </Text>
      {request.status === 'Declined' && request.declineReason && (
        <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {request.decidedByName ?? 'The office'}: {request.declineReason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What a labor entry shows of fix time, wherever it is listed: "Corrected" with its history, the latest request's
 * answer, and the actions the caller has: Edit (Lock Timesheet), Approve or Decline a waiting request, or Request
 * Correction of one's own labor.
 */
export function LaborCorrectionControls({ labor, name }: { labor: CorrectableLabor; name: string }) {
  const { access, user } = useSignedIn();
  const { decide } = useLaborCorrectionActions();
  const [dialog, setDialog] = useState<'edit' | 'request' | 'decline' | null>(null);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const mayCorrect = satisfies(access, TIMESHEET_LOCK);
  const request = labor.correctionRequest;
  const isPending = request?.status === 'Pending';
  const mayRequest = labor.userId === user.userId && !isPending;
  const approve = () => request && decide.mutate({ laborCorrectionRequestId: request.laborCorrectionRequestId, body: { decision: 'Approved' } }, { onSuccess: () => notifySuccess('The correction was approved and applied.') });
  if (!mayCorrect && !mayRequest && labor.corrections.length === 0 && !request) return null;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        {labor.corrections.length > 0 && (
          <Button size="compact-xs" variant="light" color="grape" leftSection={<IconHistory size={12} />} onClick={() => setHistoryOpen((o) => !o)} aria-expanded={isHistoryOpen} aria-label={`Corrected: history of ${name}`}>
            Corrected
          </Button>
        )}
        {mayCorrect && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => setDialog('edit')} aria-label={`Edit ${name}`}>
            Edit
          </Button>
        )}
        {mayCorrect && isPending && (
          <>
            <Button size="compact-xs" variant="light" color="teal" leftSection={<IconCheck size={12} />} loading={decide.isPending} onClick={approve} aria-label={`Approve the correction of ${name}`}>
              Approve
            </Button>
            <Button size="compact-xs" variant="light" color="red" leftSection={<IconX size={12} />} onClick={() => setDialog('decline')} aria-label={`Decline the correction of ${name}`}>
              Decline
            </Button>
          </>
        )}
        {mayRequest && !mayCorrect && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => setDialog('request')} aria-label={`Request a correction of ${name}`}>
            Request Correction
          </Button>
        )}
      </Group>
      {request && <RequestState request={request} timeZone={labor.timeZone} />}
      {isHistoryOpen && <CorrectionHistory corrections={labor.corrections} timeZone={labor.timeZone} />}
      {dialog === 'edit' && <LaborCorrectionDialog workOrderLaborId={labor.workOrderLaborId} onClose={() => setDialog(null)} />}
      {dialog === 'request' && <CorrectionRequestDialog labor={labor} onClose={() => setDialog(null)} />}
      {dialog === 'decline' && request && <DeclineCorrectionDialog laborCorrectionRequestId={request.laborCorrectionRequestId} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
