import { Button, Group, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { canWrite } from '@sm/shared';
import { useState } from 'react';
import { RichTextField } from '../../../../components/rich-text/rich-text-editor';
import { notifySuccess } from '../../../../lib/notify';
import { useSignedIn } from '../../../platform/auth/session-context';
import { useUpdateWorkDescription } from '../office/office-api';
import type { WorkOrderDetails } from './work-order-api';

/**
 * The work description of a work order: rich text written with the editor (pictures through Insert Image), shown as
 * the server stored it after its allowlist sanitiser, so it is safe to render as HTML.
 */
export function WorkDescription({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const mayEdit = canWrite(access, 'Work Orders');
  const [draft, setDraft] = useState<string | null>(null);
  const save = useUpdateWorkDescription(workOrder.workOrderId);
  const submit = () =>
    save.mutate(draft ?? '', {
      onSuccess: () => {
        notifySuccess('Work description saved');
        setDraft(null);
      },
    });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="work-description-title" data-testid="work-description">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="work-description-title">
            Work Description
          </Title>
          {mayEdit && draft === null && (
            <Button size="xs" variant="light" leftSection={<IconEdit size={16} />} onClick={() => setDraft(workOrder.workDescription ?? '')}>
              {workOrder.workDescription ? 'Edit' : 'Write'}
            </Button>
          )}
        </Group>
        {draft !== null ? (
          <Stack gap="sm">
            <RichTextField label="Work description" value={draft} onChange={setDraft} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button onClick={submit} loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        ) : workOrder.workDescription ? (
          <Typography>
            {/* Sanitised on the server with the allowlist of lib/rich-text.ts before it was stored. */}
            <div data-testid="work-description-html" dangerouslySetInnerHTML={{ __html: workOrder.workDescription }} />
          </Typography>
        ) : (
          <Text size="sm" c="dimmed">
            No work description yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
