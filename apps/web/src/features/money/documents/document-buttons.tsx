import { Button, Group } from '@mantine/core';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_LABELS, type DocumentEmailDefaults, type DocumentKind } from '@sm/shared';
import { useState } from 'react';
import { apiGet, openPdf } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { DocumentEmailDialog } from './document-email-dialog';

interface DocumentButtonsProps {
  kind: DocumentKind;
  /** The document's address under /api/v1 (`Quotes/1001/2`, `Invoice/17`): its PDF is at `/pdf`, its e-mail at `/email`. */
  path: string;
  /** Query values of the PDF (the invoice's display mode), sent with the e-mail too. */
  query?: string;
  fileName: string;
  mayEmail: boolean;
  /** Queries to refresh once it is e-mailed (the quote may be submitted by it). */
  invalidates?: readonly unknown[][];
}

/** PDF and E-mail for a quote or an invoice: the PDF opens in a new tab; E-mail opens the Email send form with it attached. */
export function DocumentButtons({ kind, path, query = '', fileName, mayEmail, invalidates }: DocumentButtonsProps) {
  const [isOpening, setOpening] = useState(false);
  const [isEmailing, setEmailing] = useState(false);
  const label = DOCUMENT_LABELS[kind];
  const defaults = useQuery({ queryKey: ['documentEmail', path], queryFn: () => apiGet<DocumentEmailDefaults>(`${path}/email`), enabled: isEmailing, staleTime: 0 });
  const pdfPath = `${path}/pdf${query ? `?${query}` : ''}`;
  const open = async () => {
    setOpening(true);
    try {
      await openPdf(pdfPath, fileName);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : `The ${label.toLowerCase()} PDF could not be made.`);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void open()} loading={isOpening}>
        PDF
      </Button>
      {mayEmail && (
        <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setEmailing(true)} loading={isEmailing && defaults.isFetching}>
          E-mail
        </Button>
      )}
      {defaults.data && (
        <DocumentEmailDialog
          opened={isEmailing && !defaults.isFetching}
          onClose={() => setEmailing(false)}
          kind={kind}
          emailPath={`${path}/email${query ? `?${query}` : ''}`}
          pdfPath={pdfPath}
          fileName={defaults.data.fileName}
          defaultTo={defaults.data.to}
          defaultSubject={defaults.data.subject}
          quoteSubmitted={defaults.data.quoteSubmitted ?? undefined}
          invalidates={invalidates}
        />
      )}
    </Group>
  );
}
