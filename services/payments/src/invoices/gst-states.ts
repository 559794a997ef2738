/**
 * India's states and union territories with their GST state codes, kept in `@liveedu/contracts`
 * so that the front end's billing-state choice and the invoices read the same list.
 */
export { GST_STATE_CODES, GST_STATES, type GstStateCode, isGstStateCode } from '@liveedu/contracts';
