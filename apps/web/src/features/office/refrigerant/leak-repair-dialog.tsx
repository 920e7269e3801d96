import { Button, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { LeakRepair } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateLeakRepair } from './refrigerant-api';

type Result = 'none' | 'passed' | 'failed';
const resultOf = (passed: boolean | null): Result => (passed == null ? 'none' : passed ? 'passed' : 'failed');
const passedOf = (r: Result) => (r === 'none' ? null : r === 'passed');
const RESULTS = [
  { value: 'none', label: 'Not yet' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
];

function TestFields({ label, on, result, setOn, setResult }: { label: string; on: string; result: Result; setOn: (v: string) => void; setResult: (r: Result) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput type="date" label="Date" aria-label={`${label} date`} value={on} onChange={(e) => setOn(e.currentTarget.value)} />
        <SegmentedControl aria-label={`${label} result`} data={RESULTS} value={result} onChange={(v) => setResult(v as Result)} style={{ alignSelf: 'end' }} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The office's record of a leak repair: an industrial process shutdown (120 days to repair), the repair date, and the
 * initial and follow-up verification tests with their results. Repaired with both tests passed closes it.
 */
export function LeakRepairDialog({ repair, onClose }: { repair: LeakRepair; onClose: () => void }) {
  const update = useUpdateLeakRepair();
  const [shutdown, setShutdown] = useState(repair.isIndustrialShutdown);
  const [repairedOn, setRepairedOn] = useState(repair.repairedOn ?? '');
  const [initialOn, setInitialOn] = useState(repair.initialTestOn ?? '');
  const [initial, setInitial] = useState<Result>(resultOf(repair.initialTestPassed));
  const [followOn, setFollowOn] = useState(repair.followUpTestOn ?? '');
  const [follow, setFollow] = useState<Result>(resultOf(repair.followUpTestPassed));
  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      isIndustrialShutdown: shutdown, repairedOn: repairedOn || null,
      initialTestOn: initialOn || null, initialTestPassed: passedOf(initial), followUpTestOn: followOn || null, followUpTestPassed: passedOf(follow),
    };
    update.mutate(
      { leakRepairId: repair.leakRepairId, body },
      { onSuccess: (saved) => (notifySuccess(saved.isClosed ? 'Leak repair closed: repaired and verified.' : 'Leak repair saved.'), onClose()) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Leak repair: ${repair.equipmentName}`} size="lg">
      <form onSubmit={save} noValidate aria-label="Leak repair">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {repair.customerName} · leak rate {repair.leakRatePercent.toFixed(2)} % above {repair.leakThresholdPercent} % · found {repair.openedOn}
          </Text>
          <Checkbox label="Industrial process shutdown (120 days to repair)" checked={shutdown} onChange={(e) => setShutdown(e.currentTarget.checked)} />
          <TextInput type="date" label="Repaired On" value={repairedOn} onChange={(e) => setRepairedOn(e.currentTarget.value)} />
          <TestFields label="Initial verification test" on={initialOn} result={initial} setOn={setInitialOn} setResult={setInitial} />
          <TestFields label="Follow-up verification test" on={followOn} result={follow} setOn={setFollowOn} setResult={setFollow} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
