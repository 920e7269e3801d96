import { Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { formatPhone, isValidPhone, saveContactBody, type SaveContactBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ClockModal, ClockModalFooter } from '../../field/clock/clock-modal';
import { CustomerPicker } from './customer-picker';
import { useSaveContact } from './customers-api';

/** A contact as the dialog edits it; `contactId` null for a new one. */
export interface ContactDraft {
  contactId: number | null;
  customerId: number | null;
  customerName: string | null;
  name: string;
  title: string | null;
  phone: string | null;
  email: string | null;
  isPrimary: boolean;
}

export const newContactDraft = (customer: { customerId: number; name: string } | null): ContactDraft => ({
  contactId: null,
  customerId: customer?.customerId ?? null,
  customerName: customer?.name ?? null,
  name: '',
  title: null,
  phone: null,
  email: null,
  isPrimary: false,
});

type Errors = Partial<Record<keyof SaveContactBody, string>>;

interface ContactDialogProps {
  draft: ContactDraft;
  /** The customer is fixed (the customer page); otherwise it is picked (the contacts page). */
  fixedCustomer: boolean;
  onClose: () => void;
}

/** Add or change a contact: name, title, phone, e-mail and whether it is the customer's primary contact. */
export function ContactDialog({ draft, fixedCustomer, onClose }: ContactDialogProps) {
  const [v, setV] = useState({ ...draft, title: draft.title ?? '', phone: draft.phone ?? '', email: draft.email ?? '' });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveContact();
  const set = <K extends keyof typeof v>(field: K, value: (typeof v)[K]) => {
    setV((x) => ({ ...x, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const title = draft.contactId ? 'Edit Contact' : 'Add Contact';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { customerId: v.customerId ?? 0, name: v.name, title: v.title, phone: v.phone, email: v.email, isPrimary: v.isPrimary };
    const parsed = saveContactBody.safeParse(v.customerId === null ? { ...body, customerId: undefined } : body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Errors] ??= issue.message;
      setErrors(found);
      notifyError(parsed.error.issues[0].message);
      return;
    }
    save.mutate(
      { contactId: draft.contactId, body },
      {
        onSuccess: () => {
          notifySuccess(draft.contactId ? 'Contact saved.' : 'Contact added.');
          onClose();
        },
      },
    );
  };

  return (
    <ClockModal opened onClose={onClose} title={title} size={560}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {fixedCustomer ? (
            <TextInput label="Customer" value={draft.customerName ?? ''} readOnly variant="filled" />
          ) : (
            <CustomerPicker
              label="Customer"
              required
              value={v.customerId}
              onChange={(id) => set('customerId', id)}
              known={draft.customerId && draft.customerName ? { customerId: draft.customerId, name: draft.customerName } : null}
              error={errors.customerId}
            />
          )}
          <TextInput label="Name" required maxLength={200} value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} data-autofocus />
          <TextInput label="Title" maxLength={100} value={v.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Phone"
              type="tel"
              placeholder="214-555-0100"
              maxLength={30}
              value={v.phone}
              error={errors.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              onBlur={(e) => isValidPhone(e.currentTarget.value) && set('phone', formatPhone(e.currentTarget.value))}
            />
            <TextInput label="Email" type="email" maxLength={254} value={v.email} error={errors.email} onChange={(e) => set('email', e.currentTarget.value)} />
          </SimpleGrid>
          <Checkbox
            label="Primary contact"
            description="The customer's other contacts stop being primary."
            checked={v.isPrimary}
            onChange={(e) => set('isPrimary', e.currentTarget.checked)}
          />
        </Stack>
        <ClockModalFooter>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </ClockModalFooter>
      </form>
    </ClockModal>
  );
}
