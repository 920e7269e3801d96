import { IconEdit, IconMail, IconMailCog } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { EMAIL_TEMPLATE_PATHS, EMAIL_TEMPLATES_READ, EMAIL_TEMPLATES_WRITE } from './email-templates-paths';

const gridPage = lazyArea(() => import('./email-templates-page'));
const editorPage = lazyArea(() => import('./email-template-editor-page'));

/** The template grid, linked from the administration index beside the other templates. */
export const EMAIL_TEMPLATE_GRID_AREA = {
  path: EMAIL_TEMPLATE_PATHS.grid,
  domain: 'administration',
  label: 'E-mail Templates',
  description: 'Subjects and messages your e-mails start from; send an e-mail from one.',
  icon: IconMailCog,
  requirement: EMAIL_TEMPLATES_READ,
  component: gridPage,
  isLinkTargetOnly: true,
} satisfies AreaDefinition;

/**
 * The other e-mail template pages (spec platform 2.1: templateGrid, create, sendEmail), and editing one; reached from
 * the grid. Creating and editing need Templates write, sending Templates read.
 */
export const EMAIL_TEMPLATE_AREAS: AreaDefinition[] = [
  { ...EMAIL_TEMPLATE_GRID_AREA, path: EMAIL_TEMPLATE_PATHS.templateGrid },
  {
    path: EMAIL_TEMPLATE_PATHS.create,
    domain: 'administration',
    label: 'New E-mail Template',
    description: 'Write a new e-mail template.',
    icon: IconEdit,
    requirement: EMAIL_TEMPLATES_WRITE,
    component: editorPage,
    isLinkTargetOnly: true,
  },
  {
    path: EMAIL_TEMPLATE_PATHS.edit,
    domain: 'administration',
    label: 'Edit E-mail Template',
    description: 'Change an e-mail template.',
    icon: IconEdit,
    requirement: EMAIL_TEMPLATES_WRITE,
    component: editorPage,
    isLinkTargetOnly: true,
  },
  {
    path: EMAIL_TEMPLATE_PATHS.sendEmail,
    domain: 'administration',
    label: 'Send E-mail',
    description: 'Send an e-mail from a template, or written freely.',
    icon: IconMail,
    requirement: EMAIL_TEMPLATES_READ,
    component: lazyArea(() => import('./send-email-page')),
    isLinkTargetOnly: true,
  },
];
