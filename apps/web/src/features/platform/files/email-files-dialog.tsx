import { Checkbox, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { StoredFile } from '@sm/shared';
import { useState } from 'react';
import { EmailSendForm, type EmailValues } from '../../../components/email/email-send-form';
import { apiPost } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

interface EmailFilesDialogProps {
  opened: boolean;
  onClose: () => void;
  folder: string;
  files: StoredFile[];
  defaultSubject: string;
}

const DEFAULT_MESSAGE = '<p>Please find the attached files. Thanks for the opportunity to service your location!</p>';

function EmailFilesForm({ onClose, folder, files, defaultSubject }: Omit<EmailFilesDialogProps, 'opened'>) {
  const [chosen, setChosen] = useState(files.map((f) => f.name));
  const send = useMutation({
    mutationFn: (values: EmailValues) => apiPost<{ emailOutboxId: number }>('Files/email', { folder, fileNames: chosen, ...values }),
    onSuccess: () => {
      notifySuccess('The e-mail is on its way.');
      onClose();
    },
  });
  return (
    <EmailSendForm
      defaultSubject={defaultSubject}
      defaultMessage={DEFAULT_MESSAGE}
      check={() => (chosen.length === 0 ? 'Choose at least one file to send.' : null)}
      attachments={
        <Checkbox.Group label="Files" value={chosen} onChange={setChosen}>
          <Stack gap={6} mt={6}>
            {files.map((f) => (
              <Checkbox key={f.id} value={f.name} label={f.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      }
      isSending={send.isPending}
      onSend={(values) => send.mutate(values)}
      onCancel={onClose}
    />
  );
}

/** The Email send form for a record's files (spec 2.6, 5.1): files to attach, To (required), CC, Subject, message. */
export function EmailFilesDialog(props: EmailFilesDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="E-mail files" size="lg" centered>
      {props.opened && <EmailFilesForm {...props} />}
    </Modal>
  );
}
