import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';
import { Type } from 'typebox';

/**
 * What production accepts as a secret, stated in each variable's schema (`secretStrength`, a
 * keyword of the environment's validator, and `not: {enum}` for the values anyone can read): a
 * refusal names the variable and the rule, never the value.
 *
 * - `random`: a secret the operator generates (token signing, service-to-service, webhook and
 *   playback signing, object-storage passwords the operator chooses): at least 32 random bytes,
 *   written as 43 or more base64url characters or 64 or more hex characters, and not a regular
 *   string (a repeated unit, a run of the alphabet, few distinct characters).
 * - `issued`: a credential a provider issues in its own format (Razorpay's key secret is 24
 *   characters, AWS's secret access key 40), which an operator cannot lengthen: 20 or more
 *   characters of base64, not regular.
 * - `password`: a password a person types (the admin's): 12 or more characters that zxcvbn scores
 *   3 or 4 ("safely unguessable") with the platform's own words counted as guessable.
 */
export type SecretRule = 'random' | 'issued' | 'password';

/**
 * Every value published as an example (`.env.example`, `infra/k8s/secret.example.yaml`, the docs)
 * or used as a local default anywhere in the platform: never a production value, whatever its
 * shape. A test reads the example files and fails on a value missing here.
 */
export const PUBLISHED_VALUES: readonly string[] = [
  'replace-me',
  'replace-with-at-least-32-random-characters',
  'replace-with-the-admin-password',
  'replace-with-a-long-minio-secret',
  'replace-with-the-razorpay-key-secret',
  'replace-with-the-razorpay-webhook-secret',
  'liveedu',
  'liveedu-secret',
  'liveedu-local-internal-secret-change-me',
  'liveedu-local-jwt-secret-change-me',
  'liveedu-local-playback-secret-change-me',
  'liveedu-livekit',
  'liveedu-local-livekit-secret-change-me',
  'liveedu-admin',
  'liveedu_sandbox_secret',
  'liveedu_webhook_secret',
  'rzp_test_liveedu',
  'minioadmin',
];

/** Words that make a password guessable here, whatever a dictionary says. */
const PLATFORM_WORDS = ['liveedu', 'admin', 'administrator', 'replace', 'secret', 'password', 'razorpay'];

const HEX = /^[0-9a-fA-F]+$/;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** A string made of one shorter unit repeated (`abcabcabc`). */
const repeatsAUnit = (value: string) => (value + value).indexOf(value, 1) < value.length;

/** Neighbouring characters one code apart (`abcd`, `1234`, `dcba`) for a third of the string or more. */
function runsOfTheAlphabet(value: string): boolean {
  let steps = 0;
  for (let i = 1; i < value.length; i += 1) {
    if (Math.abs(value.charCodeAt(i) - value.charCodeAt(i - 1)) === 1) steps += 1;
  }
  return steps * 3 >= value.length;
}

function regular(value: string, minimumDistinct: number): boolean {
  return repeatsAUnit(value) || runsOfTheAlphabet(value) || new Set(value).size < minimumDistinct;
}

type Strength = (password: string) => number;
let passwordStrength: Strength | undefined;

/** zxcvbn with its common and English dictionaries, loaded on first use (production only). */
function strengthOf(password: string): number {
  if (!passwordStrength) {
    const require = createRequire(import.meta.url);
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
    const zxcvbn = new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, userInputs: PLATFORM_WORDS },
      translations: en.translations,
    });
    passwordStrength = (candidate) => zxcvbn.check(candidate).score;
  }
  return passwordStrength(password);
}

/** Why `value` is too weak for `rule`, as the rule's sentence, or null when it holds. */
export function secretWeakness(value: string, rule: SecretRule): string | null {
  switch (rule) {
    case 'random': {
      const hex = HEX.test(value);
      if (hex ? value.length < 64 : !BASE64URL.test(value) || value.length < 43) {
        return 'must be at least 32 random bytes: 43 or more base64url characters, or 64 or more hex characters';
      }
      if (regular(value, hex ? 12 : 20)) return 'must be random, not a repeated or regular string';
      return null;
    }
    case 'issued':
      if (!BASE64.test(value) || value.length < 20) {
        return 'must be the credential as the provider issued it (20 or more characters)';
      }
      if (regular(value, 10)) return 'must be random, not a repeated or regular string';
      return null;
    case 'password':
      if (value.length < 12) return 'must be at least 12 characters';
      if (strengthOf(value) < 3) return 'must be a strong password (zxcvbn score 3 or more)';
      return null;
  }
}

/** `secretStrength: rule` in an environment schema: the value must hold the rule (see `SecretRule`). */
export function secretStrengthKeyword(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: 'secretStrength',
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: function check(rule: SecretRule, value: string) {
      const problem = secretWeakness(value, rule);
      (check as { errors?: unknown[] }).errors = problem
        ? [{ keyword: 'secretStrength', message: problem, params: { rule } }]
        : [];
      return problem === null;
    },
  });
  return ajv;
}

/**
 * A secret: production must be given one that holds `rule` and is none of the published values
 * nor this variable's local default; local mode defaults it.
 */
export function secret(production: boolean, localDefault: string, rule: SecretRule = 'random') {
  // writeOnly: a refused value is never repeated in the message (it may be a real secret).
  return production
    ? Type.String({
        writeOnly: true,
        secretStrength: rule,
        not: { enum: [...new Set([...PUBLISHED_VALUES, localDefault])] },
      })
    : Type.String({ default: localDefault, writeOnly: true });
}

/**
 * A value production must be given (an address, an identifier: not itself a secret), named in
 * the message when missing, and never one of the published examples; local mode defaults it.
 */
export function required(production: boolean, localDefault: string) {
  return production
    ? Type.String({ minLength: 1, writeOnly: true, not: { enum: [...PUBLISHED_VALUES] } })
    : Type.String({ default: localDefault, writeOnly: true });
}
