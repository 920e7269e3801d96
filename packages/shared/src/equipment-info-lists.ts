import { EPA_APPLIANCE_TYPES, NAME, REFRIGERANT_KINDS, simpleList, type ReferenceListDefinition } from './reference-list-types';

/**
 * The equipment information lists (spec platform 2.1 administration, equipment-info): categories with their EPA
 * appliance type and leak-rate threshold, makes and their models, refrigerants with the charge at which the leak
 * rules apply, and voltages. Part of the reference lists (reference-list-definitions.ts), described the same way.
 */
const EQUIPMENT_INFO = '/administration/equipment-info';
const choicesOf = (kinds: readonly { value: string; label: string }[]) => kinds.map(({ value, label }) => ({ value, label }));

export const EQUIPMENT_INFO_LISTS: readonly ReferenceListDefinition[] = [
  {
    key: 'equipmentCategories',
    title: 'Equipment Categories',
    singular: 'equipment category',
    description: 'The kinds of equipment kept at customer locations, each with its EPA appliance type and the leak rate that must be repaired.',
    path: `${EQUIPMENT_INFO}/category`,
    area: 'Equipment Category',
    isReadOnly: false,
    canRetire: true,
    columns: [
      NAME(),
      { field: 'applianceType', label: 'EPA Appliance Type', type: 'choice', isRequired: true, choices: choicesOf(EPA_APPLIANCE_TYPES) },
      { field: 'leakRatePercent', label: 'Leak Rate Threshold', type: 'percent', isRequired: false },
    ],
    example: { name: 'Ice Machines', applianceType: 'commercialRefrigeration', leakRatePercent: 20, isActive: true },
  },
  simpleList('equipmentMakes', 'Makes', 'make', 'The manufacturers of the equipment the company services.', `${EQUIPMENT_INFO}/makes`, 'Make', 'Hussmann'),
  simpleList(
    'equipmentModels',
    'Make Details',
    'model',
    'The models of each make.',
    `${EQUIPMENT_INFO}/makeDetails`,
    'Make',
    'RL-12',
    [{ field: 'makeId', label: 'Make', type: 'reference', isRequired: true, list: 'equipmentMakes' }],
    { makeId: 1 },
  ),
  simpleList(
    'refrigerants',
    'Refrigerants',
    'refrigerant',
    'The refrigerants in the equipment, each with its kind and the full charge in pounds at which the leak rules apply.',
    `${EQUIPMENT_INFO}/refrigerants`,
    'Refrigerant',
    'R-407C',
    [
      { field: 'kind', label: 'Kind', type: 'choice', isRequired: true, choices: choicesOf(REFRIGERANT_KINDS) },
      { field: 'chargeThresholdPounds', label: 'Charge Threshold (lb)', type: 'wholeNumber', isRequired: false, max: 10000 },
    ],
    { kind: 'hfc', chargeThresholdPounds: 15 },
  ),
  simpleList('voltages', 'Voltages', 'voltage', 'The electrical supplies of the equipment.', `${EQUIPMENT_INFO}/voltages`, 'Voltage', '277V/1ph'),
];
