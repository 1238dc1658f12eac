/**
 * Defined with the deliveries' shapes (./delivery-shapes); named here too for the phone's
 * existing imports.
 */
export {
  ACOPIO_COLUMNS,
  ACOPIO_EXPORT,
  ACOPIO_SHEET,
  MOVEMENT_COLUMNS,
  MOVEMENT_EXPORT,
  MOVEMENT_SHEET,
  type AcopioListRow,
  type DeliveryMemberContext,
  type MovementListRow,
} from './delivery-shapes';
