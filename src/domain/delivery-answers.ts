/**
 * Defined with the deliveries' shapes (./delivery-shapes); named here too for the phone's
 * existing imports.
 */
export { acopioRowSchema, movementRowSchema } from './delivery-shapes';
