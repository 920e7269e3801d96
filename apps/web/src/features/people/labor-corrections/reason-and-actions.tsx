import { Button, Group, Textarea } from '@mantine/core';

/** The end of every fix-time dialog: why (what the audit or the technician reads), then Cancel and the dialog's action. */
export function ReasonAndActions(props: {
  reason: string;
  onReason: (reason: string) => void;
  error: string | undefined;
  onCancel: () => void;
  submitLabel: string;
  isPending: boolean;
  isDanger?: boolean;
  isFirstField?: boolean;
}) {
  return (
    <>
      <Textarea
        label="Reason"
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={props.reason}
        onChange={(e) => props.onReason(e.currentTarget.value)}
        error={props.error}
        data-autofocus={props.isFirstField || undefined}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" color={props.isDanger ? 'red' : undefined} loading={props.isPending}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}
