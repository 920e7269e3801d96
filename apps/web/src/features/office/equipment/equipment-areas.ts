import { IconAirConditioning, IconEdit, IconHistory, IconPlus, IconQrcode } from '@tabler/icons-react';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { EQUIPMENT_PATHS } from './equipment-paths';

const formPages = () => import('./equipment-form-page');

/**
 * The equipment pages (spec platform 2.1 /equipments): the register in the navbar beside the customers; adding and
 * editing are reached through links. The fixed paths come before `/equipments/:equipmentId/edit`.
 */
export const EQUIPMENT_AREAS: AreaDefinition[] = [
  {
    path: EQUIPMENT_PATHS.grid,
    domain: 'office',
    label: 'Equipment',
    description: "The equipment at your customers' locations: refrigerant, charge and history.",
    icon: IconAirConditioning,
    requirement: { kind: 'area', area: 'Customers', level: 'read' },
    component: lazyArea(() => import('./equipments-page')),
  },
  {
    path: EQUIPMENT_PATHS.history,
    domain: 'office',
    label: 'Equipment History',
    description: 'Every work order on a piece of equipment: date, status, technicians, labor and materials.',
    icon: IconHistory,
    requirement: { kind: 'area', area: 'Work Orders', level: 'read' },
    component: lazyArea(() => import('./equipment-history-page')),
    isLinkTargetOnly: true,
  },
  {
    path: EQUIPMENT_PATHS.qrCode,
    domain: 'office',
    label: 'Equipment QR Labels',
    description: 'Print QR labels for the equipment at a location: scanned with a phone, each opens its piece.',
    icon: IconQrcode,
    requirement: { kind: 'area', area: 'Customers', level: 'read' },
    component: lazyArea(() => import('./equipment-qr-page')),
    isLinkTargetOnly: true,
  },
  {
    path: EQUIPMENT_PATHS.add,
    domain: 'office',
    label: 'Add Equipment',
    description: 'Register a piece of equipment at a customer location.',
    icon: IconPlus,
    requirement: { kind: 'area', area: 'Customers', level: 'write' },
    component: lazyArea(() => formPages().then((m) => ({ default: m.EquipmentAddPage }))),
    isLinkTargetOnly: true,
  },
  {
    path: EQUIPMENT_PATHS.edit,
    domain: 'office',
    label: 'Edit Equipment',
    description: 'Change a piece of equipment, or retire it.',
    icon: IconEdit,
    requirement: { kind: 'area', area: 'Customers', level: 'write' },
    component: lazyArea(() => formPages().then((m) => ({ default: m.EquipmentEditPage }))),
    isLinkTargetOnly: true,
  },
];
