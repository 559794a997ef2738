/** A tax document's file name, as the server names it: `LE/2026-27/000123` → `LE-2026-27-000123.pdf`. */
export const pdfName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/**
 * Saves a file the page was given (a PDF read with the session's credentials, which a plain link
 * could not send) under `name`, as a download would.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
