/**
 * Errors that mean a server this service depends on (the database, file storage, another
 * service) cannot be reached right now: the request may well succeed a moment later, so the
 * client is answered 503 rather than 500.
 */
const DRIVER_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoServerClosedError',
  'MongoTopologyClosedError',
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether the error, or one it wraps (`cause`, an AggregateError's errors), is a lost connection. */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { name, code, cause, errors } = error as {
    name?: unknown;
    code?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof name === 'string' && DRIVER_UNAVAILABLE.has(name)) return true;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isUnavailable(inner, depth + 1))) return true;
  return isUnavailable(cause, depth + 1);
}
