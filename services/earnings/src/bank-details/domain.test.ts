import { describe, expect, it } from 'vitest';
import { ALL_FIELDS_REQUIRED, BAD_ACCOUNT_NUMBER, BAD_IFSC, parseBankDetails } from './domain.ts';

const good = {
  fullName: 'Priya Sharma',
  accountNumber: '123456789012',
  nameOfBank: 'SBI',
  ifsc: 'SBIN0001234',
};

describe('parseBankDetails', () => {
  it('keeps valid details trimmed, with the IFSC upper-cased', () => {
    expect(parseBankDetails({ ...good, fullName: ' Priya Sharma ', ifsc: ' sbin0001234 ' })).toEqual({
      ok: true,
      details: good,
    });
  });

  it('accepts a numeric account number sent as a number', () => {
    const parsed = parseBankDetails({ ...good, accountNumber: 123456789012 });
    expect(parsed).toEqual({ ok: true, details: good });
    expect(parseBankDetails({ ...good, accountNumber: 2 ** 60 })).toEqual({
      ok: false,
      message: BAD_ACCOUNT_NUMBER,
    });
  });

  it('requires all four fields', () => {
    for (const field of ['fullName', 'accountNumber', 'nameOfBank', 'ifsc'] as const) {
      expect(parseBankDetails({ ...good, [field]: '  ' })).toEqual({
        ok: false,
        message: ALL_FIELDS_REQUIRED,
      });
    }
  });

  it('wants 9 to 18 digits in the account number', () => {
    for (const accountNumber of [
      '12345678',
      '1234567890123456789',
      '12345678a',
      '-123456789',
      '1234 56789',
    ]) {
      expect(parseBankDetails({ ...good, accountNumber })).toEqual({
        ok: false,
        message: BAD_ACCOUNT_NUMBER,
      });
    }
    expect(parseBankDetails({ ...good, accountNumber: '123456789' }).ok).toBe(true);
    expect(parseBankDetails({ ...good, accountNumber: '123456789012345678' }).ok).toBe(true);
  });

  it('wants an IFSC in the Indian format', () => {
    for (const ifsc of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN0-01234']) {
      expect(parseBankDetails({ ...good, ifsc })).toEqual({ ok: false, message: BAD_IFSC });
    }
    expect(parseBankDetails({ ...good, ifsc: 'HDFC0ABC123' }).ok).toBe(true);
  });
});
