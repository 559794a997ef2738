import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

const schema = Type.Object({
  LIMIT: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  RATIO: Type.Number({ minimum: 0, maximum: 1, default: 0.5 }),
  ENABLED: Type.Boolean({ default: false }),
  HOME: Type.Optional(Type.String({ format: 'uri' })),
  TOKEN: Type.String({ minLength: 8, writeOnly: true }),
});

describe('parseEnv', () => {
  it('converts what it declares, fills defaults and leaves every other variable out', () => {
    expect(parseEnv(schema, { LIMIT: '7', ENABLED: 'true', TOKEN: 'abcdefgh', OTHER: 'x' })).toEqual({
      LIMIT: 7,
      RATIO: 0.5,
      ENABLED: true,
      TOKEN: 'abcdefgh',
    });
  });

  it('takes an empty value for unset', () => {
    expect(parseEnv(schema, { LIMIT: '', TOKEN: 'abcdefgh' }).LIMIT).toBe(10);
  });

  it('refuses a typo, a negative limit and a missing value, naming each variable once', () => {
    let error: unknown;
    try {
      parseEnv(schema, { LIMIT: '-3', RATIO: '0.5x', HOME: 'home' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'invalid environment: TOKEN is required; LIMIT must be >= 1, got "-3"; RATIO must be number, got "0.5x"; HOME must be a uri, got "home"',
    );
  });

  it('never repeats the value of a write-only variable', () => {
    expect(() => parseEnv(schema, { TOKEN: 'hunter2' })).toThrow(
      'invalid environment: TOKEN must be at least 8 characters',
    );
    expect(() => parseEnv(schema, { TOKEN: 'hunter2' })).not.toThrow(/hunter2/);
  });

  it('leaves the schema it was given as it was', () => {
    parseEnv(schema, { TOKEN: 'abcdefgh' });
    expect('additionalProperties' in schema).toBe(false);
  });
});
