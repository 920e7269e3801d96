import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { apiPost } from '../lib/api';
import { useSchemaForm } from '../lib/schema-form';

type Decision = 'Approved' | 'Declined';

interface LinkDecisionFormProps {
  /** The shared schema of the answer: decision, approver's name, and the note a decline needs. */
  schema: z.ZodType<{ decision: Decision; approverName: string }>;
  /** The API path the answer is posted to (the link's own). */
  path: string;
  /** The page's query, which takes the answer the server gives back. */
  queryKey: readonly unknown[];
  /** The note's field in the body and its label (the rate sheet's "reason", the contract's "comment"). */
  note: { field: string; label: string; description: string };
  /** What is answered, as the buttons and the question say it: "Rates", "Contract". */
  thing: string;
  /** The sentence the question reads before the answer is sent. */
  sentence: (decision: Decision, approverName: string) => string;
  maw?: number;
}

/**
 * The answer on a public approval link (a rate sheet, a maintenance contract): the approver's name, a note needed to
 * decline, and a question before the one answer the link takes. Checked with the shared schema the server uses.
 */
export function LinkDecisionForm<A>({ schema, path, queryKey, note, thing, sentence, maw }: LinkDecisionFormProps) {
  const client = useQueryClient();
  const { errors, clear, check } = useSchemaForm(schema);
  const [approverName, setApproverName] = useState('');
  const [text, setText] = useState('');
  // The answer as checked, with its note, while the question waits.
  const [pending, setPending] = useState<{ decision: Decision; approverName: string } | null>(null);
  const decide = useMutation({
    mutationFn: (body: object) => apiPost<A>(path, body),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
    onSettled: () => setPending(null),
  });
  const ask = (decision: Decision) => (e?: FormEvent) => {
    e?.preventDefault();
    const body = check({ decision, approverName, [note.field]: text.trim() || null });
    if (body) setPending(body);
  };
  const isApprove = pending?.decision === 'Approved';
  const lower = thing.toLowerCase();
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={ask('Approved')} noValidate aria-label="Your answer" maw={maw}>
      <Stack gap="sm">
        <TextInput label="Your Name" withAsterisk maxLength={100} autoComplete="name" value={approverName} onChange={(e) => (setApproverName(e.currentTarget.value), clear('approverName'))} error={errors.approverName} />
        <Textarea label={note.label} description={note.description} autosize maxLength={1000} value={text} onChange={(e) => (setText(e.currentTarget.value), clear(note.field))} error={errors[note.field]} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => ask('Declined')()}>Decline</Button>
          <Button type="submit" leftSection={<IconCheck size={16} />}>Approve {thing}</Button>
        </Group>
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={isApprove ? `Approve the ${lower}?` : `Decline the ${lower}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            {pending && sentence(pending.decision, pending.approverName)} This link takes one answer.
          </Text>
          {decide.isError && <Alert color="red" role="alert">{decide.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>Back</Button>
            <Button loading={decide.isPending} color={isApprove ? undefined : 'red'} onClick={() => pending && decide.mutate(pending)}>{isApprove ? 'Approve' : 'Decline'}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
