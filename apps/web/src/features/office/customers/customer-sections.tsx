import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconMail, IconMapPin, IconPhone, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { addressLineOf, formatCurrency, type CustomerDetails } from '@sm/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { notifySuccess } from '../../../lib/notify';
import { ContactDialog, newContactDraft, type ContactDraft } from './contact-dialog';
import { addLocationPath, customerPath } from './customer-paths';
import { useDeleteContact } from './customers-api';

/** A titled panel of the customer page, with an action on the right. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {title}
        </Text>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** A label and its value on one line (stacked on a phone). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The billing customer's service locations, with "Add Location". */
export function LocationsSection({ customer, canWrite }: { customer: CustomerDetails; canWrite: boolean }) {
  const action = canWrite ? (
    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} component={Link} to={addLocationPath(customer.customerId)}>
      Add Location
    </Button>
  ) : undefined;
  return (
    <Section title={`Locations (${customer.locations.length})`} action={action}>
      {customer.locations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No service locations are billed to this customer yet.
        </Text>
      ) : (
        <Stack gap={0} role="list" aria-label="Locations">
          {customer.locations.map((l, i) => (
            <Group key={l.customerId} role="listitem" py={8} gap="xs" wrap="nowrap" align="flex-start" style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
              <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={customerPath(l.customerId)} size="sm" fw={600}>
                  {l.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {addressLineOf(l)}
                  {l.phone ? ` · ${l.phone}` : ''}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The customer's contacts: add, edit and delete (after a confirmation) for those who may. */
export function ContactsSection({ customer, canWrite }: { customer: CustomerDetails; canWrite: boolean }) {
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const remove = useDeleteContact();
  const del = async (contactId: number, name: string) => {
    if (!(await confirm({ title: 'Delete Contact', message: `Delete the contact ${name}?`, confirmLabel: 'Delete', cancelLabel: 'Cancel', danger: true }))) return;
    remove.mutate(contactId, { onSuccess: () => notifySuccess('Contact deleted.') });
  };
  const owner = { customerId: customer.customerId, name: customer.name };
  const action = canWrite ? (
    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setDraft(newContactDraft(owner))}>
      Add Contact
    </Button>
  ) : undefined;
  return (
    <Section title={`Contacts (${customer.contacts.length})`} action={action}>
      {customer.contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contacts yet.
        </Text>
      ) : (
        <Stack gap={0} role="list" aria-label="Contacts">
          {customer.contacts.map((c, i) => (
            <Group key={c.contactId} role="listitem" py={8} gap="xs" justify="space-between" wrap="nowrap" align="flex-start" style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
              <Stack gap={2} miw={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  {c.isPrimary && (
                    <Badge size="xs" variant="light" leftSection={<IconStar size={10} />} tt="none">
                      Primary
                    </Badge>
                  )}
                </Group>
                {c.title && (
                  <Text size="xs" c="dimmed">
                    {c.title}
                  </Text>
                )}
                <Group gap="md" style={{ rowGap: 2 }}>
                  {c.phone && (
                    <Anchor href={telOf(c.phone)} size="xs" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24 }}>
                      <IconPhone size={12} aria-hidden />
                      {c.phone}
                    </Anchor>
                  )}
                  {c.email && (
                    <Anchor href={`mailto:${c.email}`} size="xs" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24, overflowWrap: 'anywhere' }}>
                      <IconMail size={12} aria-hidden />
                      {c.email}
                    </Anchor>
                  )}
                </Group>
              </Stack>
              {canWrite && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${c.name}`} onClick={() => setDraft({ ...c, customerId: customer.customerId, customerName: customer.name })}>
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${c.name}`} onClick={() => del(c.contactId, c.name)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {draft && <ContactDialog draft={draft} fixedCustomer onClose={() => setDraft(null)} />}
    </Section>
  );
}

/** The credit limit and hold: only rendered for someone allowed to see them. */
export function CreditSection({ customer }: { customer: CustomerDetails }) {
  return (
    <Section title="Credit">
      <Stack gap={6}>
        <Fact label="Credit limit">{customer.creditLimit === null ? 'None' : formatCurrency(customer.creditLimit)}</Fact>
        <Fact label="Credit hold">
          {customer.isOnCreditHold ? (
            <Badge color="red" variant="light" tt="none">
              On credit hold
            </Badge>
          ) : (
            'No'
          )}
        </Fact>
        {customer.isOnCreditHold && (
          <Text size="xs" c="dimmed">
            New work orders of this customer start in status Credit Hold.
          </Text>
        )}
      </Stack>
    </Section>
  );
}

export { telOf };
