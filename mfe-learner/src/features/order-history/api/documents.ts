/** A tax document's file name, as the server names it: `LE/2026-27/000123` → `LE-2026-27-000123.pdf`. */
export const pdfName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
