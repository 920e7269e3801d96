import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconEraser } from '@tabler/icons-react';
import { saveSignatureBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { workOrderEditPath } from '../edit/work-order-paths';
import { useSchemaForm } from '../../../../lib/schema-form';
import { ItemPageFrame } from './item-page-frame';
import { useSaveSignature } from './items-api';
import { useSignaturePad } from './use-signature-pad';
import { SignaturePadField } from '../../../../components/signature-pad-field';

function SignForm({ workOrder }: { workOrder: WorkOrderDetails }) {
  const navigate = useNavigate();
  const save = useSaveSignature(workOrder.workOrderId);
  const { errors, clear: clearError, check } = useSchemaForm(saveSignatureBody);
  const pad = useSignaturePad();
  const [signerName, setSignerName] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ signerName, png: pad.toPng() ?? '' });
    if (body) save.mutate(body, { onSuccess: () => void navigate(workOrderEditPath(workOrder.workOrderNumber)) });
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
        <SignaturePadField canvasRef={pad.canvasRef} />
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
