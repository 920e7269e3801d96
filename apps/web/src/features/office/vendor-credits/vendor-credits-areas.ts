import { IconReceiptRefund } from '@tabler/icons-react';
import { VENDOR_CREDITS_PATH } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { VENDOR_CREDIT_REQUIREMENT } from './vendor-credit-access';


/** The vendor credits (spec platform 2.1 /vendorCredits) in the navbar. */
export const VENDOR_CREDIT_AREAS: AreaDefinition[] = [
  {
    path: VENDOR_CREDITS_PATH,
    domain: 'office',
    label: 'Vendor Credits',
    description: 'Money vendors owe back for parts returned for credit: match them to the purchase order and apply them.',
    icon: IconReceiptRefund,
    requirement: VENDOR_CREDIT_REQUIREMENT,
    component: lazyArea(() => import('./vendor-credits-page')),
  },
];
