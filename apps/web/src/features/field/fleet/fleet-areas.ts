import { IconCar } from '@tabler/icons-react';
import { FLEET_ADMIN_PATH, MY_AUTO_PATH, type Requirement } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** The technician's own vehicle (spec platform 2.1 /fleetManagement/myAuto). */
export const MY_AUTO_ACCESS: Requirement = { kind: 'area', area: 'Fleet', level: 'read', functionality: 'My Auto' };
/** The office's list of every vehicle (administration fleetManagement). */
export const FLEET_LIST_ACCESS: Requirement = { kind: 'area', area: 'Fleet', level: 'read', functionality: 'All Fleet Records' };

/** My Auto, on the technician's phone. */
export const FLEET_AREAS: AreaDefinition[] = [
  {
    path: MY_AUTO_PATH,
    domain: 'field',
    label: 'My Auto',
    description: 'Your vehicle: log mileage and fuel, inspect it, see when service is due.',
    icon: IconCar,
    requirement: MY_AUTO_ACCESS,
    component: lazyArea(() => import('./my-auto-page')),
  },
];

/** The fleet's vehicles, reached from the administration index. */
export const FLEET_ADMIN_AREA: AreaDefinition = {
  path: FLEET_ADMIN_PATH,
  domain: 'administration',
  label: 'Fleet Management',
  description: 'Vehicles: who drives each, status and when service is due.',
  icon: IconCar,
  requirement: FLEET_LIST_ACCESS,
  component: lazyArea(() => import('./fleet-admin-page')),
  isLinkTargetOnly: true,
};
