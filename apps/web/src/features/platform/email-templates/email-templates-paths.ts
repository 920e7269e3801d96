import type { Requirement } from '@sm/shared';

/** The e-mail template pages (spec platform 2.1: /emailTemplate with templateGrid, create and sendEmail). */
export const EMAIL_TEMPLATE_PATHS = {
  grid: '/emailTemplate',
  templateGrid: '/emailTemplate/templateGrid',
  create: '/emailTemplate/create',
  edit: '/emailTemplate/:emailTemplateId/edit',
  sendEmail: '/emailTemplate/sendEmail',
} as const;

/** `/emailTemplate/{id}/edit`. */
export const emailTemplateEditPath = (emailTemplateId: number) => `/emailTemplate/${emailTemplateId}/edit`;

/** `/emailTemplate/sendEmail`, with a template chosen when one is given. */
export const sendEmailPath = (emailTemplateId?: number) => (emailTemplateId ? `${EMAIL_TEMPLATE_PATHS.sendEmail}?templateId=${emailTemplateId}` : EMAIL_TEMPLATE_PATHS.sendEmail);

/** Seeing templates and sending from them needs Templates read; changing them, Templates write (as the API asks). */
export const EMAIL_TEMPLATES_READ: Requirement = { kind: 'area', area: 'Templates', level: 'read' };
export const EMAIL_TEMPLATES_WRITE: Requirement = { kind: 'area', area: 'Templates', level: 'write' };
