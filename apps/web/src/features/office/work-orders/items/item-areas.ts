import { IconChecklist, IconClipboardSearch, IconListDetails, IconPackage, IconReceipt, IconSignature, IconTool } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../../areas/area-types';
import { lazyArea } from '../../../../components/lazy-area';
import { itemRoute } from './items-paths';

const loadMaterialAddPage = () => import('./material-add-page');
const loadSignPage = () => import('./sign-page');

/** Loads the pages a technician uses on site, so that they open without signal later. */
export function preloadOnSitePages(): Promise<unknown> {
  return Promise.all([loadMaterialAddPage(), loadSignPage()]);
}

/**
 * The pages where a technician adds to a work order (spec platform 2.1 sub-paths). They are reached from the work
 * order page only, so none of them shows in the navbar or on the home cards.
 */
export const WORK_ORDER_ITEM_AREAS: AreaDefinition[] = [
  {
    path: itemRoute('material'),
    domain: 'office',
    label: 'Add Material',
    description: 'Add a part used or proposed on a work order.',
    icon: IconPackage,
    requirement: { kind: 'area', area: 'Materials', level: 'write' },
    component: lazyArea(loadMaterialAddPage),
    isLinkTargetOnly: true,
  },
  {
    path: itemRoute('standardItem'),
    domain: 'office',
    label: 'Add Standard Item',
    description: 'Add an item of the standard items catalogue to a work order.',
    icon: IconListDetails,
    requirement: { kind: 'area', area: 'Standard Items', level: 'read' },
    component: lazyArea(() => import('./standard-item-add-page')),
    isLinkTargetOnly: true,
  },
  {
    path: itemRoute('rateSheetItem'),
    domain: 'office',
    label: 'Add Rate Sheet Item',
    description: "Add an item of the billing customer's rate sheet to a work order.",
    icon: IconReceipt,
    requirement: { kind: 'area', area: 'Standard Items', level: 'read' },
    component: lazyArea(() => import('./rate-sheet-item-add-page')),
    isLinkTargetOnly: true,
  },
  {
    path: itemRoute('job'),
    domain: 'office',
    label: 'Add Job',
    description: 'Add a job to a work order.',
    icon: IconTool,
    requirement: { kind: 'area', area: 'Work Orders', level: 'write' },
    component: lazyArea(() => import('./job-add-page')),
    isLinkTargetOnly: true,
  },
  {
    path: itemRoute('surveyJob'),
    domain: 'office',
    label: 'Add Survey Job',
    description: 'Add a survey job to a work order.',
    icon: IconClipboardSearch,
    requirement: { kind: 'area', area: 'Work Orders', level: 'write' },
    component: lazyArea(() => import('./survey-job-add-page')),
    isLinkTargetOnly: true,
  },
  {
    path: itemRoute('equipmentTasks'),
    domain: 'office',
    label: 'Equipment Task List',
    description: 'The tasks to do on the equipment of a work order.',
    icon: IconChecklist,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read' },
    component: lazyArea(() => import('./equipment-task-list-page')),
    isLinkTargetOnly: true,
  },
  {
    path: itemRoute('sign'),
    domain: 'office',
    label: 'Customer Signature',
    description: 'The customer signs the work order on the phone.',
    icon: IconSignature,
    requirement: { kind: 'area', area: 'Work Orders', level: 'write' },
    component: lazyArea(loadSignPage),
    isLinkTargetOnly: true,
  },
];
