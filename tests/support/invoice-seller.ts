/** A seller a production start accepts on its tax invoices: a legal name, an address and a valid GSTIN. */
export const INVOICE_SELLER = {
  INVOICE_LEGAL_NAME: 'Shiksha Online Services Private Limited',
  INVOICE_ADDRESS: '12 Park Street, Kolkata, West Bengal 700016',
  INVOICE_GSTIN: '27AAPFU0939F1ZV',
};
