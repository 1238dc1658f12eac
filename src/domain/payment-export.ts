/**
 * The payments spreadsheet's columns and names, defined with the credits' shapes
 * (./credit-shapes); named here too for the phone's existing imports.
 */
export { PAYMENT_EXPORT, PAYMENT_LIST_COLUMNS, PAYMENT_SHEET } from './credit-shapes';
