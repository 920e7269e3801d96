import { Alert, Button, Fieldset, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PASSWORD_RULE, registerBody, type RegisterInput } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { TimeZoneSelect } from '../../../components/time-zone-select';

/** What the form holds, flat: the address fields are sent as one object. */
const EMPTY = {
  companyName: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  name: '',
  userName: '',
  email: '',
  password: '',
  confirmPassword: '',
};
type Field = keyof typeof EMPTY | 'timeZone';
type Errors = Partial<Record<Field, string>>;

const MISMATCH = 'The two passwords are not the same.';

/** The browser's own zone, a good first guess for where the company works. */
function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

interface CompanyFormProps {
  submitLabel: string;
  busy: boolean;
  /** The server's answer to the last try, shown above the form. */
  serverError: string | null;
  onSubmit: (body: RegisterInput) => void;
}

/**
 * The company and its first Super Admin, for the sign-up page and the first-run setup alike: checked with the server's
 * own schema before it is sent, each field's sentence under it and the first one read out above the form.
 */
export function CompanyForm({ submitLabel, busy, serverError, onSubmit }: CompanyFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [timeZone, setTimeZone] = useState<string | null>(browserZone);
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((x) => (x[field] ? { ...x, [field]: undefined } : x));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { street, city, state, zip, confirmPassword, ...person } = values;
    const parsed = registerBody.safeParse({ ...person, timeZone: timeZone ?? '', address: { street, city, state, zip } });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] === 'address' ? issue.path[1] : issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
    }
    if (!found.password && confirmPassword !== values.password) found.confirmPassword = MISMATCH;
    setErrors(found);
    if (parsed.success && !found.confirmPassword) onSubmit(parsed.data);
  };

  const firstError = Object.values(errors).find(Boolean);
  const text = (field: keyof typeof EMPTY, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput label={label} withAsterisk value={values[field]} onChange={set(field)} error={errors[field]} {...extra} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="lg">
        {(firstError ?? serverError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
            {firstError ?? serverError}
          </Alert>
        )}
        <Fieldset legend="Your company">
          <Stack gap="sm">
            {text('companyName', 'Company Name', { autoComplete: 'organization', autoFocus: true })}
            <TimeZoneSelect
              required
              value={timeZone}
              onChange={(zone) => {
                setTimeZone(zone);
                setErrors((x) => ({ ...x, timeZone: undefined }));
              }}
              error={errors.timeZone}
            />
            {text('street', 'Street', { autoComplete: 'address-line1' })}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              {text('city', 'City', { autoComplete: 'address-level2' })}
              {text('state', 'State', { autoComplete: 'address-level1', placeholder: 'TX' })}
              {text('zip', 'Zip', { autoComplete: 'postal-code', inputMode: 'numeric' })}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="You, the company's first administrator">
          <Stack gap="sm">
            {text('name', 'Your Name', { autoComplete: 'name' })}
            {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
            {text('userName', 'User Name', { autoComplete: 'username', description: 'What you type to sign in: letters, digits, dots, dashes, underscores or @.' })}
            <PasswordInput
              label="Password"
              withAsterisk
              autoComplete="new-password"
              description={errors.password ? undefined : PASSWORD_RULE}
              visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
            <PasswordInput
              label="Confirm Password"
              withAsterisk
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show typed characters' }}
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
