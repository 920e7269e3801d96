import { PURCHASE_ORDER_NEW_PATH, PURCHASE_ORDERS_PATH } from '@sm/shared';

/** `/purchaseOrders/{id}`: one purchase order. */
export const purchaseOrderPath = (id: number) => `${PURCHASE_ORDERS_PATH}/${id}`;

/** `/purchaseOrders/{id}/edit`: its edit form. */
export const editPurchaseOrderPath = (id: number) => `${PURCHASE_ORDERS_PATH}/${id}/edit`;

/** `/purchaseOrders/new`, with the work order filled in when the parts are for one. */
export const newPurchaseOrderPath = (workOrderId?: number) => (workOrderId ? `${PURCHASE_ORDER_NEW_PATH}?workOrderId=${workOrderId}` : PURCHASE_ORDER_NEW_PATH);
