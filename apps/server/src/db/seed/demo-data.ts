/** The demo companies' people and places: real-looking, fixed, so tests and screenshots are repeatable. */
export const DEMO_PASSWORD = 'demo1234';

export const POLAR_USERS = [
  { userName: 'admin', name: 'Alicia Moreno', role: 'Super Admin', phone: '214-555-0101' },
  { userName: 'leader', name: 'Marcus Reed', role: 'Team Leader', phone: '214-555-0102' },
  { userName: 'dispatcher', name: 'Dana Whitfield', role: 'Dispatcher', phone: '214-555-0103' },
  { userName: 'tech', name: 'Tom Alvarez', role: 'Technician', phone: '214-555-0104' },
  { userName: 'tech2', name: 'Priya Natarajan', role: 'Technician', phone: '214-555-0105' },
  { userName: 'payroll', name: 'Grace Kim', role: 'Payroll Manager', phone: '214-555-0106' },
  { userName: 'sales', name: 'Ben Carter', role: 'Sales Person', phone: '214-555-0107' },
  { userName: 'customer', name: 'Lena Fischer', role: 'Customer', phone: '214-555-0108' },
  { userName: 'data', name: 'Nadia Brooks', role: 'Data Specialist', phone: '214-555-0109' },
  { userName: 'dsm', name: 'Victor Hale', role: 'Regional VP Of Service', phone: '214-555-0110' },
  { userName: 'salesmgr', name: 'Harper Quinn', role: 'Sales Manager', phone: '214-555-0111' },
  { userName: 'maya', name: 'Maya Ortiz', role: 'Sales Person', phone: '214-555-0112' },
  { userName: 'pm', name: 'Paula Mendes', role: 'Project Manager', phone: '214-555-0113' },
  { userName: 'pmdirector', name: 'Owen Park', role: 'PM Director', phone: '214-555-0114' },
] as const;

export const COASTAL_USERS = [
  { userName: 'coastal.admin', name: 'Rosa Delgado', role: 'Super Admin', phone: '305-555-0201' },
  { userName: 'coastal.tech', name: 'Kevin Osei', role: 'Technician', phone: '305-555-0202' },
] as const;

type Place = [name: string, address: string, city: string, state: string, zip: string, lat: number, lng: number];

export const POLAR_BILLING: Place[] = [
  ['FreshMart Grocers Inc.', '4100 Commerce St', 'Dallas', 'TX', '75226', 32.7838, -96.7775],
  ['Lone Star Restaurant Group', '2200 Ross Ave', 'Dallas', 'TX', '75201', 32.7871, -96.7994],
  ['Trinity Health Facilities', '8200 Walnut Hill Ln', 'Dallas', 'TX', '75231', 32.8806, -96.7625],
];

export const POLAR_SITES: [billingIndex: number, ...Place][] = [
  [0, 'FreshMart #112 Lakewood', '6333 E Mockingbird Ln', 'Dallas', 'TX', '75214', 32.8369, -96.7526],
  [0, 'FreshMart #118 Oak Lawn', '3102 Oak Lawn Ave', 'Dallas', 'TX', '75219', 32.8103, -96.8074],
  [0, 'FreshMart #121 Plano', '1900 Preston Rd', 'Plano', 'TX', '75093', 33.0237, -96.7953],
  [0, 'FreshMart #127 Irving', '3601 W Airport Fwy', 'Irving', 'TX', '75062', 32.8376, -96.9925],
  [1, 'Pecan Lodge Deep Ellum', '2702 Main St', 'Dallas', 'TX', '75226', 32.7842, -96.7838],
  [1, 'Uptown Steakhouse', '2401 McKinney Ave', 'Dallas', 'TX', '75201', 32.7937, -96.8024],
  [1, 'Bishop Arts Cafe', '408 N Bishop Ave', 'Dallas', 'TX', '75208', 32.7488, -96.8285],
  [2, 'Trinity Medical Center North', '7777 Forest Ln', 'Dallas', 'TX', '75230', 32.9103, -96.7703],
  [2, 'Trinity Outpatient Richardson', '2100 N Collins Blvd', 'Richardson', 'TX', '75080', 32.9751, -96.7297],
  [-1, 'Ice House Storage LLC', '1500 Irving Blvd', 'Dallas', 'TX', '75207', 32.7918, -96.8361],
  [-1, 'Cedar Springs Deli', '4000 Cedar Springs Rd', 'Dallas', 'TX', '75219', 32.8129, -96.8147],
];

export const COASTAL_SITES: Place[] = [
  ['Biscayne Bay Seafood', '1200 Brickell Bay Dr', 'Miami', 'FL', '33131', 25.7617, -80.1918],
  ['Coral Gables Bistro', '2300 Ponce de Leon Blvd', 'Coral Gables', 'FL', '33134', 25.7498, -80.2585],
  ['Wynwood Cold Storage', '2520 NW 2nd Ave', 'Miami', 'FL', '33127', 25.8009, -80.1990],
];

export const PROBLEMS = [
  'Walk-in cooler not holding temperature, reading 48°F',
  'Ice machine not producing ice',
  'Reach-in freezer icing up on evaporator coil',
  'Rooftop AC unit tripping breaker',
  'Fryer pilot light will not stay lit',
  'Display case compressor short cycling',
  'Condensate leak above dining room ceiling',
  'Combi oven error code E34',
  'Quarterly preventive maintenance on refrigeration racks',
  'Walk-in freezer door gasket torn',
  'Rooftop unit making grinding noise',
  'Low refrigerant suspected on produce case',
  'Dish machine not reaching rinse temperature',
  'Thermostat unresponsive in office area',
  'Beverage cooler fan motor noisy',
];

/** Statuses the demo work orders are spread over (ids of spec platform 4.9). */
/** Work orders the demo has moved into the data specialist's statuses: number, status, how many days ago. */
export const DATA_WORK: [workOrderNumber: string, workOrderStatusId: number, daysAgo: number][] = [
  ['240006', 3, 6],
  ['240007', 4, 2],
  ['240015', 4, 4],
  ['240032', 12, 9],
  ['240040', 37, 16],
  ['240051', 39, 1],
];

export const DEMO_STATUS_IDS = [13, 13, 13, 7, 50, 10, 18, 26, 34, 35, 38, 38, 27, 6, 16, 31, 17, 11, 45, 53];
