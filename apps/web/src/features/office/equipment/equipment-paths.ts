/** Addresses of the equipment pages (spec platform 2.1 /equipments, /equipments/history). */
export const EQUIPMENT_PATHS = {
  grid: '/equipments',
  add: '/equipments/add',
  edit: '/equipments/:equipmentId/edit',
  history: '/equipments/history',
} as const;

export const equipmentEditPath = (equipmentId: number) => `/equipments/${equipmentId}/edit`;
export const equipmentHistoryPath = (equipmentId: number) => `/equipments/history?equipmentId=${equipmentId}`;
/** The add form with the location chosen (from the customer page). */
export const addEquipmentPath = (customerId?: number) => (customerId ? `/equipments/add?customerId=${customerId}` : '/equipments/add');
