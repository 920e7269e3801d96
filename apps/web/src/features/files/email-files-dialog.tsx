import { Button, Checkbox, Group, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { isValidEmail, required, TO_REQUIRED, type StoredFile } from '@sm/shared';
import { useState } from 'react';
import { RichTextField } from '../../components/rich-text/rich-text-editor';
import { apiPost } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

interface EmailFilesDialogProps {
  opened: boolean;
  onClose: () => void;
  folder: string;
  files: StoredFile[];
  defaultSubject: string;
}

const DEFAULT_MESSAGE = '<p>Please find the attached files. Thanks for the opportunity to service your location!</p>';

/** The first failing rule of the form (spec 5.1 shows the first validation error), or null. */
function firstError(v: { chosen: string[]; to: string[]; cc: string[]; subject: string; message: string }): { field: string; message: string } | null {
  if (v.chosen.length === 0) return { field: 'files', message: 'Choose at least one file to send.' };
  if (v.to.length === 0) return { field: 'to', message: TO_REQUIRED };
  const bad = [...v.to, ...v.cc].find((a) => !isValidEmail(a));
  if (bad) return { field: v.to.includes(bad) ? 'to' : 'cc', message: `${bad} is not a valid e-mail address.` };
  if (!v.subject.trim()) return { field: 'subject', message: required('Subject') };
  if (!v.message.replace(/<[^>]*>/g, '').trim() && !v.message.includes('<img')) return { field: 'message', message: required('Template') };
  return null;
}

function EmailForm({ onClose, folder, files, defaultSubject }: Omit<EmailFilesDialogProps, 'opened'>) {
  const [chosen, setChosen] = useState(files.map((f) => f.name));
  const [to, setTo] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [subject, setSubject] = useState(defaultSubject);
  const [message, setMessage] = useState(DEFAULT_MESSAGE);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const send = useMutation({
    mutationFn: () => apiPost<{ emailOutboxId: number }>('Files/email', { folder, fileNames: chosen, to, cc, subject, message }),
    onSuccess: () => {
      notifySuccess('The e-mail is on its way.');
      onClose();
    },
  });
  const submit = () => {
    const problem = firstError({ chosen, to, cc, subject, message });
    setError(problem);
    if (!problem) send.mutate();
  };
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  return (
    <Stack>
      <Checkbox.Group label="Files" value={chosen} onChange={setChosen} error={errorOf('files')}>
        <Stack gap={6} mt={6}>
          {files.map((f) => (
            <Checkbox key={f.id} value={f.name} label={f.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TagsInput label="To" withAsterisk placeholder="Type an address, then Enter" value={to} onChange={setTo} error={errorOf('to')} splitChars={[',', ';', ' ']} acceptValueOnBlur />
      <TagsInput label="CC" placeholder="Type an address, then Enter" value={cc} onChange={setCc} error={errorOf('cc')} splitChars={[',', ';', ' ']} acceptValueOnBlur />
      <TextInput label="Subject" withAsterisk value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errorOf('subject')} />
      <RichTextField label="Template" value={message} onChange={setMessage} error={errorOf('message')} />
      <Text size="xs" c="dimmed">
        Sent from the company&apos;s address through the outbox; administrators see it there.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={send.isPending}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}

/** The Email send form for a record's files (spec 2.6, 5.1): files to attach, To (required), CC, Subject, message. */
export function EmailFilesDialog(props: EmailFilesDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="E-mail files" size="lg" centered>
      {props.opened && <EmailForm {...props} />}
    </Modal>
  );
}
