export interface BankDetails {
  fullName: string;
  accountNumber: string;
  nameOfBank: string;
  ifsc: string;
}

export const ACCOUNT_NUMBER = /^[0-9]{9,18}$/;
/** Four letters (the bank), a zero, then six letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const BAD_ACCOUNT_NUMBER = 'Account number must be 9 to 18 digits';
export const BAD_IFSC = 'Please enter a valid IFSC code (e.g. SBIN0001234)';

export type BankDetailsInput = {
  fullName: string;
  accountNumber: string | number;
  nameOfBank: string;
  ifsc: string;
};

/**
 * Checks the form in the order a person fills it and gives back the details as we keep them
 * (trimmed, IFSC upper-cased), or the message to show.
 */
export function parseBankDetails(
  input: BankDetailsInput,
): { ok: true; details: BankDetails } | { ok: false; message: string } {
  // A numeric field may arrive as a JSON number; a number too large to be exact was mangled.
  if (typeof input.accountNumber === 'number' && !Number.isSafeInteger(input.accountNumber)) {
    return { ok: false, message: BAD_ACCOUNT_NUMBER };
  }
  const details: BankDetails = {
    fullName: input.fullName.trim(),
    accountNumber: String(input.accountNumber).trim(),
    nameOfBank: input.nameOfBank.trim(),
    ifsc: input.ifsc.trim().toUpperCase(),
  };
  if (!details.fullName || !details.accountNumber || !details.nameOfBank || !details.ifsc) {
    return { ok: false, message: ALL_FIELDS_REQUIRED };
  }
  if (!ACCOUNT_NUMBER.test(details.accountNumber)) return { ok: false, message: BAD_ACCOUNT_NUMBER };
  if (!IFSC.test(details.ifsc)) return { ok: false, message: BAD_IFSC };
  return { ok: true, details };
}
