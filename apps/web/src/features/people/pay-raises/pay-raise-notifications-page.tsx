import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconEraser, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PayRaiseNotice } from '@sm/shared';
import { useState } from 'react';
import { SignaturePadField } from '../../../components/signature-pad-field';
import { usePageTitle } from '../../../components/use-page-title';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSignaturePad } from '../../office/work-orders/items/use-signature-pad';
import { PayRaiseFacts } from './pay-raise-parts';
import { payRaiseNoticesQuery, usePayRaiseActions } from './pay-raises-api';

const HEADINGS: Record<PayRaiseNotice['noticeKind'], string> = {
  approve: 'Waiting for your answer',
  sign: 'Approved: sign to accept it',
  decided: 'Answered',
  signed: 'Signed by the employee',
};

/** An approver's answer: Approve, or Refuse with the reason. */
function Answer({ notice }: { notice: PayRaiseNotice }) {
  const { decide } = usePayRaiseActions();
  const [comment, setComment] = useState('');
  const answer = (isApproved: boolean) => {
    if (!isApproved && !comment.trim()) {
      notifyError('Say why the raise is refused.');
      return;
    }
    decide.mutate(
      { payRaiseRequestedId: notice.payRaiseRequestedId, isApproved, comment: comment.trim() || null },
      { onSuccess: (r) => notifySuccess(`The raise for ${r.employeeName} was ${isApproved ? 'approved' : 'refused'}.`) },
    );
  };
  return (
    <Stack gap="xs">
      <Textarea label="Comment" description="Needed to refuse." autosize maxLength={1000} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" color="red" leftSection={<IconX size={14} />} loading={decide.isPending && decide.variables?.isApproved === false} onClick={() => answer(false)}>
          Refuse
        </Button>
        <Button leftSection={<IconCheck size={14} />} loading={decide.isPending && decide.variables?.isApproved === true} onClick={() => answer(true)}>
          Approve
        </Button>
      </Group>
    </Stack>
  );
}

/** The employee signs their approved raise on the pad: Clear, Save. */
function Sign({ notice }: { notice: PayRaiseNotice }) {
  const { sign } = usePayRaiseActions();
  const pad = useSignaturePad();
  const save = () => {
    const png = pad.toPng();
    if (!png) {
      notifyError('Signature field is required!');
      return;
    }
    sign.mutate({ payRaiseRequestedId: notice.payRaiseRequestedId, png }, { onSuccess: () => notifySuccess('Thank you: your raise is signed.') });
  };
  return (
    <Stack gap="sm" align="center">
      <SignaturePadField canvasRef={pad.canvasRef} label="Employee Signature" />
      <Group gap="sm" grow wrap="nowrap" w="100%" maw={420}>
        <Button variant="default" leftSection={<IconEraser size={16} />} onClick={pad.clear} disabled={pad.isEmpty || sign.isPending}>
          Clear
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} disabled={pad.isEmpty} loading={sign.isPending} onClick={save}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function NoticeCard({ notice }: { notice: PayRaiseNotice }) {
  const { acknowledge } = usePayRaiseActions();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Pay raise for ${notice.employeeName}: ${HEADINGS[notice.noticeKind]}`}>
      <Stack gap="sm">
        <Text size="sm" fw={600} c="dimmed" tt="uppercase">
          {HEADINGS[notice.noticeKind]}
        </Text>
        <PayRaiseFacts raise={notice} />
        {notice.noticeKind === 'approve' && <Answer notice={notice} />}
        {notice.noticeKind === 'sign' && <Sign notice={notice} />}
        {(notice.noticeKind === 'decided' || notice.noticeKind === 'signed') && (
          <Group justify="flex-end">
            <Button leftSection={<IconCheck size={14} />} loading={acknowledge.isPending} onClick={() => acknowledge.mutate(notice.payRaiseRequestedId)}>
              Acknowledge
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** `/notifications/payRaiseNotifications` (spec platform 2.7): raises to answer, to sign, or to hear the end of. */
export default function PayRaiseNotificationsPage() {
  usePageTitle('Pay Raise Notifications');
  const notices = useQuery(payRaiseNoticesQuery);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>Pay Raise Notifications</Title>
      {notices.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Loading pay raise notifications" />
        </Group>
      ) : notices.isError ? (
        <Alert color="red" role="alert">
          {notices.error.message}
        </Alert>
      ) : notices.data.count === 0 ? (
        <Text c="dimmed" size="sm">
          No pay raise notifications. Raises to answer, to sign or that were answered appear here.
        </Text>
      ) : (
        notices.data.payRaiseNotificationDetails.map((n) => <NoticeCard key={`${n.payRaiseRequestedId}-${n.noticeKind}`} notice={n} />)
      )}
    </Stack>
  );
}
