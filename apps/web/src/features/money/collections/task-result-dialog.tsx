import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { COLLECTION_OUTCOMES, collectionTaskResultBody, moneyText, type CollectionOutcome } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { MONEY_INPUT } from '../../../components/number-inputs';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { useRecordTaskResult, type CollectionTask } from './collection-tasks-api';

/** Records what came of a collection task: the outcome, a note, and for a promise to pay its day and amount. */
export function TaskResultDialog({ task, onClose }: { task: CollectionTask; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { errors, clear, check } = useSchemaForm(collectionTaskResultBody);
  const [outcome, setOutcome] = useState<CollectionOutcome | null>(null);
  const [note, setNote] = useState('');
  const [promiseDate, setPromiseDate] = useState('');
  const [promiseAmount, setPromiseAmount] = useState<number | string>('');
  const save = useRecordTaskResult(task.taskId);
  const isPromise = outcome === 'promiseToPay';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const body = check({
      outcome: outcome ?? undefined,
      note: note.trim() || null,
      promiseDate: isPromise ? promiseDate || undefined : null,
      promiseAmount: isPromise ? (promiseAmount === '' ? undefined : numberOrUndefined(promiseAmount)) : null,
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(`${task.name} for ${task.customerName} is done.`);
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Result — ${task.name}`} size="md" fullScreen={isPhone}>
      <form onSubmit={submit} noValidate aria-label="Task result">
        <Stack gap="sm">
          <Text size="sm">
            {task.customerName} owed <b>{moneyText(task.balance)}</b> when the task was made (invoice {task.invoiceNumber}).
          </Text>
          {task.instructions && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {task.instructions}
            </Text>
          )}
          <Select
            label="Outcome"
            withAsterisk
            data={COLLECTION_OUTCOMES.map((o) => ({ value: o.value, label: o.label }))}
            value={outcome}
            onChange={(v) => {
              setOutcome(v as CollectionOutcome | null);
              clear('outcome');
            }}
            error={errors.outcome}
            data-autofocus
          />
          {isPromise && (
            <Group grow align="flex-start" gap="sm" wrap={isPhone ? 'wrap' : 'nowrap'}>
              <TextInput
                type="date"
                label="Promise Date"
                withAsterisk
                value={promiseDate}
                onChange={(e) => {
                  setPromiseDate(e.currentTarget.value);
                  clear('promiseDate');
                }}
                error={errors.promiseDate}
              />
              <NumberInput
                {...MONEY_INPUT}
                label="Promised Amount"
                withAsterisk
                value={promiseAmount}
                onChange={(n) => {
                  setPromiseAmount(n);
                  clear('promiseAmount');
                }}
                error={errors.promiseAmount}
              />
            </Group>
          )}
          <Textarea label="Note" autosize minRows={2} maxRows={6} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
          {save.isError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs" grow={isPhone}>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save and mark done
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
