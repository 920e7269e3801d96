import { Anchor, Checkbox, Group, Modal, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_DOCUMENT_EMAIL_MESSAGE, DOCUMENT_LABELS, satisfies, templatesFor, type DocumentEmailInput, type DocumentKind } from '@sm/shared';
import { useState } from 'react';
import { EmailSendForm, type EmailValues } from '../../../components/email/email-send-form';
import { apiPost, openPdf } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { EmailTemplatePicker } from '../../platform/email-templates/email-template-picker';
import { emailTemplatesQuery } from '../../platform/email-templates/email-templates-api';
import { EMAIL_TEMPLATES_READ } from '../../platform/email-templates/email-templates-paths';

export interface DocumentEmailDialogProps {
  opened: boolean;
  onClose: () => void;
  kind: DocumentKind;
  /** Where the form is sent (`Quotes/1001/1/email`) and where the PDF is read (`Quotes/1001/1/pdf`), under /api/v1. */
  emailPath: string;
  pdfPath: string;
  fileName: string;
  defaultSubject: string;
  defaultTo?: string[];
  /** The Quote Submitted tick box (quotes only; spec platform 4.6): whether it may be ticked, and its first state. */
  quoteSubmitted?: { isDisabled: boolean; isTickedAtFirst: boolean };
  /** Queries to refresh once it is sent (the quote's status may have moved). */
  invalidates?: readonly unknown[][];
}

function DocumentEmailForm(props: Omit<DocumentEmailDialogProps, 'opened'>) {
  const queryClient = useQueryClient();
  const [isQuoteSubmitted, setQuoteSubmitted] = useState(props.quoteSubmitted?.isTickedAtFirst ?? false);
  // The company's templates of this document's purpose and the general ones, for those who may read templates.
  const templates = useQuery({ ...emailTemplatesQuery(satisfies(useSignedIn().access, EMAIL_TEMPLATES_READ)), meta: { silent: true } });
  const offered = templatesFor(templates.data ?? [], props.kind);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const defaultMessage = `<p>${DEFAULT_DOCUMENT_EMAIL_MESSAGE[props.kind]}</p>`;
  const send = useMutation({
    mutationFn: (values: EmailValues) => apiPost<{ emailOutboxId: number }>(props.emailPath, { ...values, isQuoteSubmitted } satisfies DocumentEmailInput),
    onSuccess: async () => {
      notifySuccess(isQuoteSubmitted ? 'The e-mail is on its way, and the quote is submitted.' : 'The e-mail is on its way.');
      await Promise.all((props.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      props.onClose();
    },
  });
  const view = () => openPdf(props.pdfPath, props.fileName).catch((e: unknown) => notifyError(e instanceof Error ? e.message : 'The PDF could not be made.'));
  return (
    <EmailSendForm
      defaultTo={props.defaultTo}
      defaultSubject={props.defaultSubject}
      defaultMessage={defaultMessage}
      templatePicker={(fill) =>
        offered.length > 0 && (
          <EmailTemplatePicker
            templates={offered}
            purpose={props.kind}
            value={templateId}
            onChange={(t) => {
              setTemplateId(t?.emailTemplateId ?? null);
              fill(t ? { subject: t.subject, message: t.bodyHtml } : { subject: props.defaultSubject, message: defaultMessage });
            }}
          />
        )
      }
      attachments={
        <Group gap="xs" wrap="nowrap">
          <IconFileTypePdf size={20} aria-hidden />
          <Text size="sm">
            Attached:{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => void view()}>
              {props.fileName}
            </Anchor>
          </Text>
        </Group>
      }
      extra={
        props.quoteSubmitted && (
          <Checkbox
            label="Quote Submitted"
            description={
              props.quoteSubmitted.isDisabled ? 'This quote is already submitted or decided, or its work order is past quoting.' : 'Sending moves the quote and its work order to Quote Submitted.'
            }
            checked={isQuoteSubmitted}
            disabled={props.quoteSubmitted.isDisabled}
            onChange={(e) => setQuoteSubmitted(e.currentTarget.checked)}
          />
        )
      }
      isSending={send.isPending}
      onSend={(values) => send.mutate(values)}
      onCancel={props.onClose}
    />
  );
}

/** The Email send form for a quote or an invoice (spec platform 2.6, 3.5, 4.6, 5.1), its PDF attached. */
export function DocumentEmailDialog(props: DocumentEmailDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`E-mail ${DOCUMENT_LABELS[props.kind].toLowerCase()}`} size="lg" centered>
      {props.opened && <DocumentEmailForm {...props} />}
    </Modal>
  );
}
