/** The two values the browser keeps for a logged-in user. */
export const ID_KEY = 'id';
export const TOKEN_KEY = 'token';
/** An older key some clients wrote the token under; read as a fallback, cleared on log-out. */
export const LEGACY_TOKEN_KEY = 'jwt';

/** The part of the browser's `localStorage` used here (absent in Node, where the client also runs). */
interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function store(): KeyValueStore | null {
  try {
    return (globalThis as { localStorage?: KeyValueStore }).localStorage ?? null;
  } catch {
    return null;
  }
}

export interface StoredCredentials {
  id: string;
  token: string;
}

export function readCredentials(): StoredCredentials | null {
  const s = store();
  if (!s) return null;
  const id = s.getItem(ID_KEY);
  const token = s.getItem(TOKEN_KEY) ?? s.getItem(LEGACY_TOKEN_KEY);
  if (!id || !token) return null;
  return { id, token };
}

export function writeCredentials(credentials: StoredCredentials): void {
  const s = store();
  if (!s) return;
  s.setItem(ID_KEY, credentials.id);
  s.setItem(TOKEN_KEY, credentials.token);
}

export function clearCredentials(): void {
  const s = store();
  if (!s) return;
  s.removeItem(ID_KEY);
  s.removeItem(TOKEN_KEY);
  s.removeItem(LEGACY_TOKEN_KEY);
}
