import { randomBytes } from 'node:crypto';
import { ConfigError } from '@liveedu/service-kit';
import { describe, expect, it } from 'vitest';
import { invoiceIssuer, LOCAL_INVOICE_ISSUER, paymentsSettings } from '../config.ts';

/** A production environment whose Razorpay settings hold, so only the invoice settings are judged. */
const production = (invoice: Record<string, string>) => ({
  RAZORPAY_KEY_ID: 'rzp_live_Q3xw7TyLmN0pZa',
  RAZORPAY_KEY_SECRET: 'EnLs21M47BllR3X8PSFtjtbd',
  RAZORPAY_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
  ...invoice,
});
const issuerOf = (env: NodeJS.ProcessEnv, isProduction = false) =>
  invoiceIssuer(paymentsSettings.parse(env, isProduction));

const REAL = {
  INVOICE_LEGAL_NAME: 'Shiksha Online Services Private Limited',
  INVOICE_ADDRESS: '12 Park Street, Kolkata, West Bengal 700016',
  // A GSTIN of Maharashtra (27) whose check character holds.
  INVOICE_GSTIN: '27AAPFU0939F1ZV',
};

describe('the seller on invoices', () => {
  it('is a company in Bengaluru with a GSTIN of Karnataka when nothing is configured', () => {
    expect(issuerOf({})).toEqual({ ...LOCAL_INVOICE_ISSUER, stateCode: '29', stateName: 'Karnataka' });
  });

  it("takes the operator's name, address and GSTIN, the state from the GSTIN's first two digits", () => {
    expect(issuerOf(production(REAL), true)).toEqual({
      legalName: REAL.INVOICE_LEGAL_NAME,
      address: REAL.INVOICE_ADDRESS,
      gstin: REAL.INVOICE_GSTIN,
      stateCode: '27',
      stateName: 'Maharashtra',
    });
  });

  it('is required in production, naming each setting missing', () => {
    const start = () => issuerOf(production({}), true);
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      /INVOICE_LEGAL_NAME is required; INVOICE_ADDRESS is required; INVOICE_GSTIN must be a GSTIN/,
    );
  });

  it('refuses the local defaults and the published placeholders in production', () => {
    const local = {
      INVOICE_LEGAL_NAME: LOCAL_INVOICE_ISSUER.legalName,
      INVOICE_ADDRESS: 'replace-me',
      INVOICE_GSTIN: LOCAL_INVOICE_ISSUER.gstin,
    };
    const start = () => issuerOf(production(local), true);
    expect(start).toThrow(/INVOICE_LEGAL_NAME must not be a published example or a local default/);
    expect(start).toThrow(/INVOICE_ADDRESS must not be a published example or a local default/);
    expect(start).toThrow(/INVOICE_GSTIN must not be a published example or a local default/);
    // Locally the defaults are what an invoice shows.
    expect(issuerOf({ INVOICE_GSTIN: LOCAL_INVOICE_ISSUER.gstin }).gstin).toBe(LOCAL_INVOICE_ISSUER.gstin);
  });

  it('refuses a GSTIN of the wrong shape, of no state, or with a wrong check character', () => {
    for (const [gstin, message] of [
      ['27AAPFU0939F1Z', 'INVOICE_GSTIN must be a GSTIN'],
      ['27aapfu0939f1zv', 'INVOICE_GSTIN must be a GSTIN'],
      ['27AAPFU0939F1XV', 'INVOICE_GSTIN must be a GSTIN'],
      ['27AAPFU0939F1ZW', 'INVOICE_GSTIN has a wrong check character, got "27AAPFU0939F1ZW"'],
      ['99AAPFU0939F1ZV', 'INVOICE_GSTIN must start with a GST state code'],
    ] as const) {
      expect(() => issuerOf(production({ ...REAL, INVOICE_GSTIN: gstin }), true), gstin).toThrow(message);
      expect(() => issuerOf({ INVOICE_GSTIN: gstin }), gstin).toThrow(message);
    }
  });

  it('refuses a blank name or address', () => {
    expect(() => issuerOf({ INVOICE_LEGAL_NAME: '   ' })).toThrow(/INVOICE_LEGAL_NAME/);
    expect(() => issuerOf(production({ ...REAL, INVOICE_ADDRESS: ' \t ' }), true)).toThrow(/INVOICE_ADDRESS/);
  });
});
