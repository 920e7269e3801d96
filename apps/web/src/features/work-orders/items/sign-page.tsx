import { Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconEraser } from '@tabler/icons-react';
import { saveSignatureBody, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { workOrderEditPath } from '../edit/work-order-paths';
import { useSchemaForm } from './item-form';
import { ItemPageFrame } from './item-page-frame';
import { useSaveSignature } from './items-api';
import { useSignaturePad } from './use-signature-pad';

function SignForm({ workOrder }: { workOrder: WorkOrderDetails }) {
  const navigate = useNavigate();
  const save = useSaveSignature(workOrder.workOrderId);
  const { errors, clear: clearError, check } = useSchemaForm(saveSignatureBody);
  const pad = useSignaturePad();
  const [signerName, setSignerName] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ signerName, png: pad.toPng() ?? '' });
    if (body) save.mutate(body, { onSuccess: () => navigate(workOrderEditPath(workOrder.workOrderNumber)) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Customer signature">
      <Stack gap="md">
        <TextInput
          label="Signer Name"
          withAsterisk
          size="md"
          value={signerName}
          onChange={(e) => {
            setSignerName(e.currentTarget.value);
            clearError('signerName');
          }}
          error={errors.signerName}
          autoComplete="name"
          placeholder="The customer's full name"
        />
        <Stack gap={6} align="center">
          <Text size="sm" fw={500} w={SIGNATURE_WIDTH + 4}>
            Signature{' '}
            <Text span c="red">
              *
            </Text>
          </Text>
          <Box
            w={SIGNATURE_WIDTH + 4}
            style={{ border: '2px solid var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)', background: '#fff', lineHeight: 0 }}
          >
            <canvas
              ref={pad.canvasRef}
              aria-label="Signature pad"
              role="img"
              style={{ width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, touchAction: 'none', display: 'block' }}
            />
          </Box>
          <Text size="xs" c="dimmed" ta="center">
            Sign inside the box with a finger or a pen.
          </Text>
        </Stack>
        <Group gap="sm" grow wrap="nowrap">
          <Button variant="default" size="lg" leftSection={<IconEraser size={20} />} onClick={pad.clear} disabled={pad.isEmpty || save.isPending}>
            Clear
          </Button>
          <Button type="submit" size="lg" leftSection={<IconDeviceFloppy size={20} />} disabled={pad.isEmpty} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `/workOrder/{workOrderNumber}/sign`: the customer signs the work order on the technician's phone. */
export default function SignPage() {
  return <ItemPageFrame title="Customer Signature">{(workOrder) => <SignForm workOrder={workOrder} />}</ItemPageFrame>;
}
