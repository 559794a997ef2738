import ajvFormats from 'ajv-formats';
import envSchema from 'env-schema';
import type { Static, TObject } from 'typebox';
import { secretStrengthKeyword } from './secrets.ts';

// A CommonJS module: its function is its `default` under both Node's loader and TypeScript's.
const addFormats = ajvFormats.default;

/** A value in the environment that the process cannot start with; the message names each one. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface EnvProblem {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function describe(
  problem: EnvProblem,
  data: Record<string, unknown>,
  schema: TObject,
): { name: string; text: string } {
  const own = (name: string) =>
    (schema.properties[name] as { errorMessage?: string } | undefined)?.errorMessage;
  if (problem.keyword === 'required') {
    const name = String(problem.params.missingProperty);
    // A variable required by a rule over others (`if`/`then`) says which rule.
    return { name, text: data[name] === undefined && own(name) ? (own(name) as string) : 'is required' };
  }
  const name = problem.instancePath.replace(/^\//, '');
  const raw = data[name];
  let text = own(name) ?? problem.message ?? 'is not valid';
  if (problem.keyword === 'not') text = 'must not be a published example or a local default';
  if (problem.keyword === 'enum')
    text = `must be one of ${(problem.params.allowedValues as string[]).join(', ')}`;
  if (problem.keyword === 'minLength') text = `must be at least ${problem.params.limit} characters`;
  if (problem.keyword === 'format') text = `must be a ${problem.params.format}`;
  const secret = (schema.properties[name] as { writeOnly?: boolean } | undefined)?.writeOnly === true;
  return { name, text: raw === undefined || secret ? text : `${text}, got "${String(raw)}"` };
}

/**
 * Reads the variables a schema declares from an environment: an empty value counts as unset
 * (and takes the default), numbers and booleans are converted, and any value the schema refuses
 * stops the start with a `ConfigError` naming every variable at fault.
 */
export function parseEnv<S extends TObject>(schema: S, env: NodeJS.ProcessEnv): Static<S> {
  const data: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') data[name] = value;
  }
  try {
    return envSchema<Static<S>>({
      // env-schema closes the schema to other properties; the caller's stays as it was.
      schema: { ...schema },
      data: { ...data },
      env: false,
      ajv: {
        customOptions(ajv) {
          addFormats(ajv as never);
          secretStrengthKeyword(ajv as never);
          ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
          return ajv;
        },
      },
    });
  } catch (error) {
    const problems = (error as { errors?: EnvProblem[] }).errors;
    if (!problems) throw error;
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const problem of problems) {
      // A rule over several variables (`if`) is reported by the variable that breaks it.
      if (problem.keyword === 'if') continue;
      const { name, text } = describe(problem, data, schema);
      if (seen.has(name)) continue;
      seen.add(name);
      lines.push(`${name} ${text}`);
    }
    throw new ConfigError(`invalid environment: ${lines.join('; ')}`);
  }
}
