import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { workOrderEditPath } from '../edit/work-order-paths';

interface FormButtonsProps {
  workOrderNumber: string;
  isSaving: boolean;
  saveLabel?: string;
  isDisabled?: boolean;
}

/** Save and Cancel at the foot of an add page: thumb-sized, full width on a phone; Cancel goes back to the work order. */
export function FormButtons({ workOrderNumber, isSaving, saveLabel = 'Save', isDisabled }: FormButtonsProps) {
  return (
    <Group gap="sm" grow wrap="nowrap" mt="xs">
      <Button component={Link} to={workOrderEditPath(workOrderNumber)} variant="default" size="lg">
        Cancel
      </Button>
      <Button type="submit" size="lg" loading={isSaving} disabled={isDisabled} leftSection={<IconDeviceFloppy size={20} />}>
        {saveLabel}
      </Button>
    </Group>
  );
}
