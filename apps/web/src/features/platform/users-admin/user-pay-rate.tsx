import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCurrency, setPayRateBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { LoadFailed } from '../../../components/table-states';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { dayText } from '../../people/pay-raises/pay-raise-parts';
import { userPayRateQuery, useSetPayRate } from './users-admin-api';
import { MoneyInput } from '../../../components/number-inputs';

/**
 * The user's pay rate, for those with "Can Access Payroll" only (the page does not render it for the others, and the
 * API refuses them): the rate in force today, every rate with its first day, and a new rate from a day on.
 */
export function UserPayRate({ userId, canSet }: { userId: number; canSet: boolean }) {
  const rates = useQuery(userPayRateQuery(userId));
  const set = useSetPayRate(userId);
  const form = useSchemaForm(setPayRateBody);
  const [hourlyRate, setHourlyRate] = useState<number | string>('');
  const [effectiveFrom, setEffectiveFrom] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ hourlyRate: numberOrUndefined(hourlyRate), effectiveFrom: effectiveFrom || undefined });
    if (!body) return;
    set.mutate(body, {
      onSuccess: () => {
        notifySuccess(`New pay rate of ${formatCurrency(body.hourlyRate)}/h from ${dayText(body.effectiveFrom)} saved.`);
        setHourlyRate('');
        setEffectiveFrom('');
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" aria-label="Pay rate" component="section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Pay rate
        </Title>
        {rates.isError ? (
          <LoadFailed title="The pay rate could not be loaded" error={rates.error} onRetry={() => void rates.refetch()} />
        ) : !rates.data ? (
          <Skeleton height={60} />
        ) : (
          <>
            <Text data-testid="current-pay-rate">
              {rates.data.current
                ? `${formatCurrency(rates.data.current.hourlyRate)}/h as ${rates.data.current.position}, since ${dayText(rates.data.current.effectiveFrom)}.`
                : 'No pay rate in force yet.'}
            </Text>
            {rates.data.rates.length > 0 && (
              <Table.ScrollContainer minWidth={360} type="native">
                <Table striped verticalSpacing={4} aria-label="Pay rates">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>From</Table.Th>
                      <Table.Th>Position</Table.Th>
                      <Table.Th ta="right">Hourly rate</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rates.data.rates.map((r) => (
                      <Table.Tr key={r.effectiveFrom}>
                        <Table.Td>
                          <Group gap={6}>
                            {dayText(r.effectiveFrom)}
                            {r.isFromPayRaise && (
                              <Badge size="xs" variant="light">
                                Pay raise
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>{r.position}</Table.Td>
                        <Table.Td ta="right">{formatCurrency(r.hourlyRate)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        {canSet && (
          <form onSubmit={submit} noValidate aria-label="New pay rate">
            <Stack gap="xs">
              <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
                <MoneyInput
                  label="New hourly rate"
                  withAsterisk
                  value={hourlyRate}
                  error={form.errors.hourlyRate}
                  onChange={(v) => (setHourlyRate(v), form.clear('hourlyRate'), set.reset())}
                />
                <TextInput
                  type="date"
                  label="Effective from"
                  withAsterisk
                  value={effectiveFrom}
                  error={form.errors.effectiveFrom}
                  onChange={(e) => (setEffectiveFrom(e.currentTarget.value), form.clear('effectiveFrom'), set.reset())}
                />
              </Group>
              {set.error && (
                <Alert color="red" role="alert" title="Not saved">
                  {set.error.message}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" variant="light" loading={set.isPending}>
                  Set pay rate
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
