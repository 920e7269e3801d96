import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSend, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Access, formatDateTime, isSuperAdmin, PAY_FIGURES, ROLE, satisfies, updateUserBody, type UserDetail } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSignedIn } from '../auth/session-context';
import { ADMINISTRATION_PATH } from '../administration/administration-paths';
import { useChangeUserState, userQuery, useUpdateUser, type UserStateAction } from './users-admin-api';
import { USERS_PATH, USERS_WRITE } from './users-admin-paths';
import { UserFormFields, userBodyOf, type UserFormValues } from './user-form-fields';
import { UserHistory } from './user-history';
import { UserPayRate } from './user-pay-rate';
import { UserStateBadge } from './user-state-badge';

const valuesOf = (user: UserDetail): UserFormValues => ({
  name: user.name,
  email: user.email,
  userName: user.userName,
  phone: user.phone ?? '',
  jobTitleId: user.jobTitleId === null ? null : String(user.jobTitleId),
  roleIds: user.roleIds.map(String),
  regionId: user.region ? String(user.region.id) : null,
  districtId: user.district ? String(user.district.id) : null,
  baseCityId: user.baseCity ? String(user.baseCity.id) : null,
  teamLeaderIds: user.teamLeaders.map((l) => String(l.userId)),
  worksOnRateSheets: user.worksOnRateSheets,
});

/** The user's details: changed and saved by those who may, shown read-only to the others. */
function UserDetailsForm({ user, access, canEdit }: { user: UserDetail; access: Access; canEdit: boolean }) {
  const [values, setValues] = useState(() => valuesOf(user));
  const form = useSchemaForm(updateUserBody);
  const update = useUpdateUser(user.userId);

  const change = (field: keyof UserFormValues, value: UserFormValues[keyof UserFormValues]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
    update.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(userBodyOf(values));
    if (!body) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        notifySuccess(`${saved.name} saved.`);
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="User details">
      <Stack gap="sm">
        <UserFormFields
          values={values}
          errors={form.errors}
          access={access}
          onChange={change}
          isUserNameReadOnly
          readOnly={!canEdit}
          currentJobTitle={{ id: user.jobTitleId, name: user.jobTitle }}
          saved={user}
        />
        {update.error && (
          <Alert color="red" role="alert" title="Not saved">
            {update.error.message}
          </Alert>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Resend invitation, Deactivate and Reactivate, as the user's state allows; deactivating asks first. */
function UserStateActions({ user, isSelf }: { user: UserDetail; isSelf: boolean }) {
  const changeState = useChangeUserState(user.userId);
  const [pending, setPending] = useState<UserStateAction | null>(null);
  const run = async (action: UserStateAction) => {
    if (action === 'deactivate') {
      const ok = await confirm({
        title: 'Deactivate user',
        message: `Deactivate ${user.name}? They can no longer sign in, and are signed out at once. Their history stays, and they can be reactivated.`,
        confirmLabel: 'Deactivate',
        cancelLabel: 'Cancel',
        danger: true,
      });
      if (!ok) return;
    }
    setPending(action);
    changeState.mutate(action, {
      onSuccess: (saved) => {
        const done = { resendInvitation: `A new invitation was sent to ${saved.email}.`, deactivate: `${saved.name} is deactivated.`, reactivate: `${saved.name} is active again.` };
        notifySuccess(done[action]);
      },
      onSettled: () => setPending(null),
    });
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {user.state === 'Invited' && (
          <Button variant="default" leftSection={<IconSend size={16} />} loading={pending === 'resendInvitation'} onClick={() => void run('resendInvitation')}>
            Resend invitation
          </Button>
        )}
        {user.state === 'Inactive' ? (
          <Button variant="default" leftSection={<IconUserCheck size={16} />} loading={pending === 'reactivate'} onClick={() => void run('reactivate')}>
            Reactivate
          </Button>
        ) : (
          !isSelf && (
            <Button variant="outline" color="red" leftSection={<IconUserOff size={16} />} loading={pending === 'deactivate'} onClick={() => void run('deactivate')}>
              Deactivate
            </Button>
          )
        )}
      </Group>
      {changeState.error && (
        <Alert color="red" role="alert" title="Not done">
          {changeState.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * `/administration/users/edit/:userId` (spec platform 2.1 `users/edit/{userId}`): one user's details, saved by those
 * who may change users; the pay rate for payroll; the invitation sent again; deactivation and reactivation; and the user's history. Only a
 * Super Admin changes a Super Admin, so the others see such a user read-only.
 */
export default function UserEditPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const { user: me, access } = useSignedIn();
  const user = useQuery({ ...userQuery(userId), enabled: Number.isInteger(userId) && userId > 0 });
  usePageTitle(user.data ? user.data.name : 'User');
  const canWrite = satisfies(access, USERS_WRITE);
  const isGuarded = !!user.data?.roleIds.includes(ROLE['Super Admin']) && !isSuperAdmin(access);
  const canEdit = canWrite && !isGuarded;
  // Pay is for payroll only: the others neither see nor set it.
  const seesPay = satisfies(access, PAY_FIGURES);
  const isValidId = Number.isInteger(userId) && userId > 0;

  return (
    <Stack gap="md" maw={900}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Anchor component={Link} to={USERS_PATH} size="sm">
          Users
        </Anchor>
        <Text size="sm">{user.data?.name ?? 'User'}</Text>
      </Breadcrumbs>
      {!isValidId ? (
        <Text c="dimmed">There is no such user. Choose one from the users list.</Text>
      ) : user.isError ? (
        <LoadFailed title="The user could not be loaded" error={user.error} onRetry={() => void user.refetch()} />
      ) : !user.data ? (
        <Stack gap="sm">
          <Skeleton height={32} width={240} />
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2}>
              <Group gap="sm">
                <Title order={2}>{user.data.name}</Title>
                <UserStateBadge state={user.data.state} />
              </Group>
              <Text size="sm" c="dimmed">
                {user.data.state === 'Invited' && user.data.invitationExpiresAt
                  ? `Invited; the invitation is open until ${formatDateTime(user.data.invitationExpiresAt)}.`
                  : `Added ${formatDateTime(user.data.createdAt)}.`}
              </Text>
            </Stack>
            {canEdit && <UserStateActions user={user.data} isSelf={user.data.userId === me.userId} />}
          </Group>
          {!canWrite && <Text size="sm" c="dimmed">You may read this user; changing users needs the Users write permission.</Text>}
          {canWrite && isGuarded && <Text size="sm" c="dimmed">Only a Super Admin changes a Super Admin.</Text>}
          <UserDetailsForm key={user.data.userId} user={user.data} access={access} canEdit={canEdit} />
          {seesPay && <UserPayRate userId={user.data.userId} canSet={seesPay} />}
          <UserHistory userId={user.data.userId} />
        </>
      )}
    </Stack>
  );
}
