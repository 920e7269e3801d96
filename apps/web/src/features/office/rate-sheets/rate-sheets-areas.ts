import { IconReportMoney } from '@tabler/icons-react';
import { RATE_SHEET_PATH, type Requirement } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** Rate sheets are what billing customers are charged: Billing read to see them, write to change and send them. */
export const RATE_SHEET_REQUIREMENT: Requirement = { kind: 'area', area: 'Billing', level: 'read' };

/** The billing customers' rate sheets, linked from the administration index. */
export const RATE_SHEET_AREA = {
  path: RATE_SHEET_PATH,
  domain: 'money',
  label: 'Rate Sheet',
  description: "Billing customers' labor rates, trucks, per diem and items, by version, approved by the customer.",
  icon: IconReportMoney,
  requirement: RATE_SHEET_REQUIREMENT,
  component: lazyArea(() => import('./rate-sheet-page')),
  isLinkTargetOnly: true,
} satisfies AreaDefinition;
