import { Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { isValidEmail, required, TO_REQUIRED } from '@sm/shared';
import { useState, type ReactNode } from 'react';
import { RichTextField } from '../rich-text/rich-text-editor';

/** What the person typed into the Email send form. */
export interface EmailValues {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
}

interface EmailSendFormProps {
  defaultTo?: string[];
  defaultSubject: string;
  /** Rich text the Template field starts with. */
  defaultMessage: string;
  /** What goes with the message (files to choose, the attached PDF), shown above To. */
  attachments?: ReactNode;
  /** A rule of the caller checked first (no file chosen): its sentence, or null. */
  check?: () => string | null;
  /** Fields under the message (the Quote Submitted tick box). */
  extra?: ReactNode;
  /** A choice of e-mail template above Subject; `fill` puts a subject and message into the form. */
  templatePicker?: (fill: (preset: { subject: string; message: string }) => void) => ReactNode;
  isSending: boolean;
  onSend: (values: EmailValues) => void;
  onCancel: () => void;
}

/** The first failing rule of the form (spec 5.1 shows the first validation error), or null. */
function firstError(v: EmailValues): { field: keyof EmailValues; message: string } | null {
  if (v.to.length === 0) return { field: 'to', message: TO_REQUIRED };
  const bad = [...v.to, ...v.cc].find((a) => !isValidEmail(a));
  if (bad) return { field: v.to.includes(bad) ? 'to' : 'cc', message: `${bad} is not a valid e-mail address.` };
  if (!v.subject.trim()) return { field: 'subject', message: required('Subject') };
  if (!v.message.replace(/<[^>]*>/g, '').trim() && !v.message.includes('<img')) return { field: 'message', message: required('Template') };
  return null;
}

/**
 * The Email send form (spec platform 2.6, 3.5, 5.1): To (required, typed addresses), CC (optional), Subject and the
 * Template message, with what is attached above and the caller's own fields below. The first failing rule is shown
 * at its field; nothing is sent until every rule passes.
 */
export function EmailSendForm(props: EmailSendFormProps) {
  const [values, setValues] = useState<EmailValues>({ to: props.defaultTo ?? [], cc: [], subject: props.defaultSubject, message: props.defaultMessage });
  const [error, setError] = useState<{ field: keyof EmailValues | 'attachments'; message: string } | null>(null);
  // The editor reads its text once: a filled-in message starts a new one.
  const [filled, setFilled] = useState(0);
  const set = <K extends keyof EmailValues>(field: K, value: EmailValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const fill = (preset: { subject: string; message: string }) => {
    setValues((v) => ({ ...v, subject: preset.subject, message: preset.message }));
    setError((e) => (e?.field === 'subject' || e?.field === 'message' ? null : e));
    setFilled((n) => n + 1);
  };
  const submit = () => {
    const callerProblem = props.check?.() ?? null;
    const problem = callerProblem ? { field: 'attachments' as const, message: callerProblem } : firstError(values);
    setError(problem);
    if (!problem) props.onSend(values);
  };
  const errorOf = (field: keyof EmailValues | 'attachments') => (error?.field === field ? error.message : null);
  return (
    <Stack>
      {props.attachments}
      {errorOf('attachments') && (
        <Text size="sm" c="red" role="alert">
          {errorOf('attachments')}
        </Text>
      )}
      <TagsInput label="To" withAsterisk placeholder="Type an address, then Enter" value={values.to} onChange={(v) => set('to', v)} error={errorOf('to')} splitChars={[',', ';', ' ']} acceptValueOnBlur />
      <TagsInput label="CC" placeholder="Type an address, then Enter" value={values.cc} onChange={(v) => set('cc', v)} error={errorOf('cc')} splitChars={[',', ';', ' ']} acceptValueOnBlur />
      {props.templatePicker?.(fill)}
      <TextInput label="Subject" withAsterisk value={values.subject} onChange={(e) => set('subject', e.currentTarget.value)} error={errorOf('subject')} />
      <RichTextField key={filled} label="Template" value={values.message} onChange={(v) => set('message', v)} error={errorOf('message')} />
      {props.extra}
      <Text size="xs" c="dimmed">
        Sent from the company&apos;s address through the outbox; administrators see it there.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={submit} loading={props.isSending}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
