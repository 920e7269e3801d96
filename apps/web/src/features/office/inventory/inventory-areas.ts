import { IconPackages, IconTruck } from '@tabler/icons-react';
import { INVENTORY_PATH, MY_TRUCK_PATH, type Requirement } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';

/** Reading inventory: the office's page and the technician's truck. */
export const INVENTORY_READ: Requirement = { kind: 'area', area: 'Inventory', level: 'read' };

/** The office's inventory (spec platform 2.1 /inventory) and the technician's own truck on his phone. */
export const INVENTORY_AREAS: AreaDefinition[] = [
  {
    path: INVENTORY_PATH,
    domain: 'office',
    label: 'Inventory',
    description: 'Parts the company stocks: on hand at each warehouse and truck, counts, adjustments, transfers, minimums and reorders.',
    icon: IconPackages,
    requirement: INVENTORY_READ,
    component: lazyArea(() => import('./inventory-page')),
  },
  {
    path: MY_TRUCK_PATH,
    domain: 'field',
    label: 'My Truck',
    description: 'The parts on your truck, and requests for parts from the warehouse.',
    icon: IconTruck,
    requirement: INVENTORY_READ,
    component: lazyArea(() => import('./my-truck-page')),
  },
];
