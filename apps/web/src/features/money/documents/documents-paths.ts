import type { DocumentKind, Requirement } from '@sm/shared';

/** The Customize Template pages (spec platform 2.1). */
export const DOCUMENT_TEMPLATE_PATHS: Record<DocumentKind, string> = {
  invoice: '/customizeTemplate/invoiceTemplate',
  quote: '/customizeTemplate/quoteTemplate',
};

export const DOCUMENT_TEMPLATE_REQUIREMENT: Requirement = { kind: 'area', area: 'Templates', level: 'read' };
