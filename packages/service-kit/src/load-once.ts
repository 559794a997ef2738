/**
 * A value made on first use and kept: every caller until it is made shares the one attempt, and
 * an attempt that fails is made again by the next caller (a storage that did not answer yet).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
