import { IconCash, IconCashBanknote } from '@tabler/icons-react';
import { PAY_FIGURES, PAY_RAISE_REQUEST, satisfies } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

export const PAY_RAISE_PATHS = { list: '/payroll/payRaises', notifications: '/notifications/payRaiseNotifications' } as const;

/**
 * The pay-raise pages (spec platform 2.1 /payroll, 2.7 /notifications): the raises, for managers who ask for them and
 * payroll who answers; and each person's pay-raise notifications, reached from the notices panel.
 */
export const PAY_RAISE_AREAS: AreaDefinition[] = [
  {
    path: PAY_RAISE_PATHS.list,
    domain: 'people',
    label: 'Pay Raises',
    description: 'Ask for a raise for your staff, or answer the raises asked for.',
    icon: IconCash,
    requirement: { kind: 'signedIn' },
    isVisibleTo: (access) => satisfies(access, PAY_RAISE_REQUEST) || satisfies(access, PAY_FIGURES),
    component: lazyArea(() => import('./pay-raises-page')),
  },
  {
    path: PAY_RAISE_PATHS.notifications,
    domain: 'people',
    label: 'Pay Raise Notifications',
    description: 'Raises waiting for your answer or your signature, and how the ones you asked for ended.',
    icon: IconCashBanknote,
    requirement: { kind: 'signedIn' },
    component: lazyArea(() => import('./pay-raise-notifications-page')),
    isLinkTargetOnly: true,
  },
];
