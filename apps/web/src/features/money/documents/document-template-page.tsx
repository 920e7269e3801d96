import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_KINDS, DOCUMENT_LABELS, type DocumentKind } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { documentTemplateQuery } from './documents-api';
import { DOCUMENT_TEMPLATE_PATHS } from './documents-paths';
import { DocumentTemplateForm } from './document-template-form';

const kindOfPath = (path: string): DocumentKind => (path.startsWith(DOCUMENT_TEMPLATE_PATHS.quote) ? 'quote' : 'invoice');

/** `/customizeTemplate/invoiceTemplate` and `/customizeTemplate/quoteTemplate`: how the company's PDFs look. */
export default function DocumentTemplatePage() {
  const kind = kindOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const label = DOCUMENT_LABELS[kind];
  usePageTitle(`${label} Template`);
  const template = useQuery(documentTemplateQuery(kind));

  return (
    <Stack gap="md" maw={900}>
      <Stack gap={2}>
        <Title order={2}>Customize Template</Title>
        <Text size="sm" c="dimmed">
          The look of the PDFs your customers receive: your logo and colours, your terms, and which columns show.
        </Text>
      </Stack>
      <SegmentedControl
        aria-label="Template"
        w="fit-content"
        value={kind}
        onChange={(k) => navigate(DOCUMENT_TEMPLATE_PATHS[k as DocumentKind])}
        data={DOCUMENT_KINDS.map((k) => ({ value: k, label: `${DOCUMENT_LABELS[k]} Template` }))}
      />
      {template.isPending && <PageLoader label={`Loading the ${label.toLowerCase()} template`} />}
      {template.isError && <Text c="red">The {label.toLowerCase()} template could not be loaded.</Text>}
      {template.data && <DocumentTemplateForm key={`${kind}-${template.data.updatedAt ?? 'default'}`} template={template.data} />}
    </Stack>
  );
}
