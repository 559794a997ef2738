import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { Static, TSchema } from 'typebox';

// A CommonJS module: its function is its `default` under both Node's loader and TypeScript's.
const addFormats = ajvFormats.default;

/**
 * The JSON Schema validator every service has loaded already (fastify checks its requests with
 * it, env-schema its settings), so checking another service's answers loads no compiler of its
 * own. Keywords it does not know (the schema builder's own marks) are passed over.
 */
let validator: Ajv | null = null;
const compiled = new WeakMap<TSchema, ValidateFunction>();

/** The schema's validator, compiled once however many clients check it. */
function validatorOf(schema: TSchema): ValidateFunction {
  let check = compiled.get(schema);
  if (!check) {
    validator ??= addFormats(new Ajv({ strict: false }));
    check = validator.compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/**
 * Whether a value has the declared shape. The schema is compiled with its first check, so a
 * client of many calls holds the code of only those it makes.
 */
export function answerCheck<S extends TSchema>(schema: S): (value: unknown) => value is Static<S> {
  let check: ValidateFunction | undefined;
  return (value: unknown): value is Static<S> => {
    check ??= validatorOf(schema);
    return check(value) === true;
  };
}
