/** Addresses of the equipment pages (spec platform 2.1 /equipments, /equipments/history, /equipments/QRCode). */
export const EQUIPMENT_PATHS = {
  grid: '/equipments',
  add: '/equipments/add',
  edit: '/equipments/:equipmentId/edit',
  history: '/equipments/history',
  qrCode: '/equipments/QRCode',
} as const;

export const equipmentEditPath = (equipmentId: number) => `/equipments/${equipmentId}/edit`;
export const equipmentHistoryPath = (equipmentId: number) => `/equipments/history?equipmentId=${equipmentId}`;
/** The add form with the location chosen (from the customer page). */
export const addEquipmentPath = (customerId?: number) => (customerId ? `/equipments/add?customerId=${customerId}` : '/equipments/add');
/** The QR label page with a location chosen. */
export const equipmentQrCodePath = (customerId?: number) => (customerId ? `/equipments/QRCode?customerId=${customerId}` : '/equipments/QRCode');
