// Spec: a product is low on stock below 10 units.
export const LOW_STOCK_THRESHOLD = 10;
