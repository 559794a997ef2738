import {
  ConfigError,
  HAS_TEXT,
  HttpUrl,
  PUBLISHED_VALUES,
  ServiceUrl,
  secret,
  serviceSettings,
  Type,
  trimSlashes,
} from '@liveedu/service-kit';
import { gstinProblem, type SellerDetails, sellerOf } from './invoices/domain.ts';

/** What the payments service reads beyond the kit's configuration. */
export interface PaymentsConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Stand-in for `https://api.razorpay.com` (the sandbox in dev/test); unset means Razorpay itself. */
  apiUrl?: string;
  /** Where the catalog's public API answers. */
  catalogUrl: string;
}

/** The sandbox's own defaults, so local mode works with no configuration at all. */
export const LOCAL_RAZORPAY = {
  keyId: 'rzp_test_liveedu',
  keySecret: 'liveedu_sandbox_secret',
  webhookSecret: 'liveedu_webhook_secret',
} as const;

/**
 * The platform's registration as local starts print it on tax invoices: a made-up company in
 * Bengaluru with a well-formed GSTIN of Karnataka (29). Production must be given its own.
 */
export const LOCAL_INVOICE_ISSUER = {
  legalName: 'LiveEdu Learning Private Limited',
  address: '3rd Floor, 41 Residency Road, Shanthala Nagar, Bengaluru, Karnataka 560025',
  gstin: '29AADCL4821K1ZA',
} as const;

/** A GSTIN's shape; its state and check character are checked once it is read (`gstinProblem`). */
const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';
const GSTIN_MESSAGE =
  'must be a GSTIN: 15 characters, the state code, the PAN, the entity number, Z and a check character';

/**
 * A line of the seller's block on invoices: local mode defaults it; production must be given one
 * that is neither a published example nor the local default.
 */
function issuerText(production: boolean, localDefault: string, maxLength: number) {
  const text = { minLength: 1, maxLength, pattern: HAS_TEXT };
  return production
    ? Type.String({ ...text, not: { enum: [...PUBLISHED_VALUES, localDefault] } })
    : Type.String({ ...text, default: localDefault });
}

const RAZORPAY_API = '^https://api\\.razorpay\\.com/?$';

/**
 * In production, a test key (`rzp_test_`) or an API other than Razorpay's (the sandbox) takes an
 * explicit `RAZORPAY_MODE=test`, so a live start never takes payments nobody is paid for.
 */
const testModeDeclared = {
  if: {
    anyOf: [
      {
        properties: { RAZORPAY_KEY_ID: { type: 'string', pattern: '^rzp_test_' } },
        required: ['RAZORPAY_KEY_ID'],
      },
      {
        properties: { RAZORPAY_API_URL: { type: 'string', not: { type: 'string', pattern: RAZORPAY_API } } },
        required: ['RAZORPAY_API_URL'],
      },
    ],
  },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
  then: { properties: { RAZORPAY_MODE: { type: 'string', const: 'test' } }, required: ['RAZORPAY_MODE'] },
};

const settings = serviceSettings((production) =>
  Type.Object(
    {
      // An identifier Razorpay shows in the checkout, not a secret.
      RAZORPAY_KEY_ID: production
        ? Type.String({
            pattern: '^rzp_(live|test)_',
            errorMessage: 'must be a Razorpay key id (rzp_live_… or rzp_test_…)',
          })
        : Type.String({ default: LOCAL_RAZORPAY.keyId }),
      // Razorpay issues the key secret (24 characters); the webhook secret is the operator's own.
      RAZORPAY_KEY_SECRET: secret(production, LOCAL_RAZORPAY.keySecret, 'issued'),
      RAZORPAY_WEBHOOK_SECRET: secret(production, LOCAL_RAZORPAY.webhookSecret),
      RAZORPAY_API_URL: Type.Optional(HttpUrl()),
      RAZORPAY_MODE: Type.Optional(
        Type.Enum(['live', 'test'], {
          errorMessage:
            'must be "test" to start with a test key (rzp_test_) or an API other than Razorpay\'s (RAZORPAY_API_URL)',
        }),
      ),
      CATALOG_URL: ServiceUrl('catalog'),
      // The seller on tax invoices and credit notes: the registered legal name, the address and
      // the GSTIN (whose state decides CGST + SGST or IGST).
      INVOICE_LEGAL_NAME: issuerText(production, LOCAL_INVOICE_ISSUER.legalName, 200),
      INVOICE_ADDRESS: issuerText(production, LOCAL_INVOICE_ISSUER.address, 400),
      INVOICE_GSTIN: production
        ? Type.String({
            pattern: GSTIN_PATTERN,
            not: { enum: [...PUBLISHED_VALUES, LOCAL_INVOICE_ISSUER.gstin] },
            errorMessage: GSTIN_MESSAGE,
          })
        : Type.String({
            pattern: GSTIN_PATTERN,
            default: LOCAL_INVOICE_ISSUER.gstin,
            errorMessage: GSTIN_MESSAGE,
          }),
    },
    production ? testModeDeclared : {},
  ),
);

/**
 * The payments service's settings: the schema's, and a GSTIN whose state code and check
 * character hold (a rule no pattern states), so a mistyped registration stops the start.
 */
export const paymentsSettings: typeof settings = {
  ...settings,
  parse(env, production) {
    const parsed = settings.parse(env, production);
    const problem = gstinProblem(parsed.INVOICE_GSTIN);
    if (problem) {
      throw new ConfigError(`invalid environment: INVOICE_GSTIN ${problem}, got "${parsed.INVOICE_GSTIN}"`);
    }
    return parsed;
  },
};

export function paymentsConfig(settings: ReturnType<typeof paymentsSettings.of>): PaymentsConfig {
  return {
    keyId: settings.RAZORPAY_KEY_ID,
    keySecret: settings.RAZORPAY_KEY_SECRET,
    webhookSecret: settings.RAZORPAY_WEBHOOK_SECRET,
    ...(settings.RAZORPAY_API_URL ? { apiUrl: trimSlashes(settings.RAZORPAY_API_URL) } : {}),
    catalogUrl: trimSlashes(settings.CATALOG_URL),
  };
}

/** The seller on invoices, as configured now (an invoice keeps the one it was issued with). */
export function invoiceIssuer(settings: ReturnType<typeof paymentsSettings.of>): SellerDetails {
  return sellerOf({
    legalName: settings.INVOICE_LEGAL_NAME.trim(),
    address: settings.INVOICE_ADDRESS.trim(),
    gstin: settings.INVOICE_GSTIN,
  });
}
