/**
 * What a work order's material does to stock, by its status (spec platform 4.10), when it is a stocked part at a
 * location. The server keeps the ledger rows of each material equal to this effect: a status change posts the
 * difference, so canceling or marking a part accidentally entered gives back what it took.
 */

/** The kinds of stock movement (the ledger's `kind`). */
export const STOCK_MOVEMENT_KIND_LABELS = {
  received: 'Received',
  used: 'Used on a work order',
  putAway: 'Put in inventory',
  transferIn: 'Transferred in',
  transferOut: 'Transferred out',
  counted: 'Counted',
  adjusted: 'Adjusted',
  writtenOff: 'Written off',
  returned: 'Returned for credit',
  reserved: 'Reserved',
  released: 'Released',
} as const;

export type StockMovementKind = keyof typeof STOCK_MOVEMENT_KIND_LABELS;

/** Material status ids that act on stock. */
export const MATERIAL_STOCK_STATUS = {
  soldFromInventory: 2,
  putInInventory: 4,
  canceled: 5,
  proposedFromInventory: 8,
  partTransferred: 9,
  partStolen: 11,
  partDamaged: 12,
  accidentallyEntered: 13,
  returnedForCredit: 14,
} as const;

/** One ledger effect: quantity in (positive) or out (negative) of a location, of a kind. */
export interface StockEffect {
  place: 'from' | 'to';
  kind: StockMovementKind;
  /** +1 adds the material's quantity, -1 takes it. */
  sign: 1 | -1;
}

/**
 * The effects of a status on stock. 'from' is the material's location (the technician's truck, or a chosen one), 'to'
 * the location a transferred part goes to. Statuses not listed (warranties, incurred, proposed, canceled, accidentally
 * entered, not billable) hold no stock.
 */
export const MATERIAL_STOCK_EFFECTS: Readonly<Record<number, readonly StockEffect[]>> = {
  [MATERIAL_STOCK_STATUS.soldFromInventory]: [{ place: 'from', kind: 'used', sign: -1 }],
  [MATERIAL_STOCK_STATUS.putInInventory]: [{ place: 'from', kind: 'putAway', sign: 1 }],
  [MATERIAL_STOCK_STATUS.proposedFromInventory]: [{ place: 'from', kind: 'reserved', sign: 1 }],
  [MATERIAL_STOCK_STATUS.partTransferred]: [
    { place: 'from', kind: 'transferOut', sign: -1 },
    { place: 'to', kind: 'transferIn', sign: 1 },
  ],
  [MATERIAL_STOCK_STATUS.partStolen]: [{ place: 'from', kind: 'writtenOff', sign: -1 }],
  [MATERIAL_STOCK_STATUS.partDamaged]: [{ place: 'from', kind: 'writtenOff', sign: -1 }],
  [MATERIAL_STOCK_STATUS.returnedForCredit]: [{ place: 'from', kind: 'returned', sign: -1 }],
};

/** Whether a status writes stock off and so needs a reason. */
export const isWriteOffStatus = (statusId: number) => statusId === MATERIAL_STOCK_STATUS.partStolen || statusId === MATERIAL_STOCK_STATUS.partDamaged;

/** Whether a status needs a stocked part and a location (the statuses with stock effects). */
export const isStockStatus = (statusId: number) => (MATERIAL_STOCK_EFFECTS[statusId]?.length ?? 0) > 0;

/** Purchase order statuses and their labels. */
export const PURCHASE_ORDER_STATUS_LABELS = {
  open: 'Open',
  sent: 'Sent',
  partiallyReceived: 'Partially Received',
  received: 'Received',
  closed: 'Closed',
  canceled: 'Canceled',
} as const;

export const VENDOR_CREDIT_STATUS_LABELS = { open: 'Open', applied: 'Applied', canceled: 'Canceled' } as const;

/** Work order statuses parts move a work order to (spec platform 4.9). */
export const PARTS_WORK_ORDER_STATUS = { partsOrdered: 10, partsHere: 18, backOrdered: 42, returnPartsForCredit: 43 } as const;
