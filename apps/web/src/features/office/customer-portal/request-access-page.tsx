import { Alert, Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { CUSTOMER_ACCESS_MESSAGE_MAX, CUSTOMER_PORTAL_PATH, customerAccessRequestBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { PublicFrame } from '../../platform/signup/public-frame';
import { useRequestCustomerAccess } from './customer-portal-api';

type Field = 'name' | 'email' | 'phone' | 'message';

/**
 * `/users/registerForCustomerAccess?link=…` (spec platform 2.1, no sign-in): the contact who opened the portal from an
 * e-mailed link asks the company for a sign-in of their own. The link names the company and the billing customer;
 * the office grants the request (an e-mail then invites them to choose a password) or declines it.
 */
export default function RequestAccessPage() {
  usePageTitle('Get a sign-in');
  const [params] = useSearchParams();
  const token = params.get('link') ?? '';
  const [form, setForm] = useState<Record<Field, string>>({ name: '', email: '', phone: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useRequestCustomerAccess(token);
  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerAccessRequestBody.safeParse({ name: form.name, email: form.email.trim(), phone: form.phone.trim() || null, message: form.message.trim() || null });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    send.mutate(parsed.data);
  };
  const back = token ? `${CUSTOMER_PORTAL_PATH}/${encodeURIComponent(token)}` : null;
  return (
    <PublicFrame title="Get a sign-in" subtitle="Ask for a user of your own to open your service portal without the e-mailed link.">
      {!token ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="No portal link">
          Open this page with Get a sign-in from the service portal link you were e-mailed.
        </Alert>
      ) : send.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">{send.data.message}</Alert>
          {back && <Anchor component={Link} to={back} size="sm">Back to your service portal</Anchor>}
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Ask for a sign-in">
          <Stack gap="md">
            {send.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">{send.error.message}</Alert>
            )}
            <TextInput label="Name" withAsterisk autoFocus autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} maxLength={100} />
            <TextInput label="Email" withAsterisk type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} maxLength={254} />
            <TextInput label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} error={errors.phone} maxLength={30} />
            <Textarea label="Message" description="Optional: what you need the sign-in for" autosize minRows={2} value={form.message} onChange={set('message')} error={errors.message} maxLength={CUSTOMER_ACCESS_MESSAGE_MAX} />
            <Text size="xs" c="dimmed">The company answers by e-mail. Once granted, the e-mail holds a link to choose your password.</Text>
            <Button type="submit" loading={send.isPending} fullWidth>Send request</Button>
            {back && <Anchor component={Link} to={back} size="sm" ta="center">Back to your service portal</Anchor>}
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
