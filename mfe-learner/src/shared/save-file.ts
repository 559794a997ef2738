/**
 * Saves a file the page was given (read with the session's credentials, which a plain link could
 * not send, or made in the page) under `name`, as a download would. The file's address is let go
 * after `keepMs`: long enough for the browser to start writing it.
 */
export function saveFile(blob: Blob, name: string, keepMs = 1000): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), keepMs);
}
