import { Alert, Button, Stack, Text } from '@mantine/core';
import { INVITATION_DAYS, inviteUserBody, type Access } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { ClockModal, ClockModalFooter } from '../../field/clock/clock-modal';
import { useSchemaForm } from '../../../lib/schema-form';
import { useInviteUser } from './users-admin-api';
import { EMPTY_USER_FORM, UserFormFields, userBodyOf, type UserFormValues } from './user-form-fields';

interface InviteUserDialogProps {
  access: Access;
  onClose: () => void;
}

/**
 * "Invite User": a new user of the company, checked with the server's own rules before it is sent. The user receives
 * an e-mail with a link to choose a password and is listed as Invited until then.
 */
export function InviteUserDialog({ access, onClose }: InviteUserDialogProps) {
  const [values, setValues] = useState<UserFormValues>(EMPTY_USER_FORM);
  const form = useSchemaForm(inviteUserBody);
  const invite = useInviteUser();

  const change = (field: keyof UserFormValues, value: UserFormValues[keyof UserFormValues]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(userBodyOf(values));
    if (!body) return;
    invite.mutate(body, {
      onSuccess: (user) => {
        notifySuccess(`Invitation sent to ${user.name} at ${user.email}.`);
        onClose();
      },
    });
  };

  return (
    <ClockModal opened onClose={onClose} title="Invite User" size={640}>
      <form onSubmit={submit} noValidate aria-label="Invite User">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The user receives an e-mail with a link to choose a password, valid for {INVITATION_DAYS} days.
          </Text>
          <UserFormFields values={values} errors={form.errors} access={access} onChange={change} />
          {invite.error && (
            <Alert color="red" role="alert" title="The invitation was not sent">
              {invite.error.message}
            </Alert>
          )}
          <ClockModalFooter>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}
