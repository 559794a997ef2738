import { longDate } from '@liveedu/calendar';
import { GST_PERCENT, rupeesText, type TaxAmounts, type TaxDocumentFields } from './domain.ts';

/**
 * A tax invoice or credit note as an A4 PDF, drawn from the stored document with the standard
 * Helvetica the certificates use (nothing to embed). The same document always gives the same
 * bytes: the PDF's dates (and so its file id) are the document's own date.
 */

const MARGIN = 50;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#9ca3af';

// What the standard fonts' WinAnsi encoding can show beyond Latin-1.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: a character they cannot is drawn as `?` rather than as garbage. */
function drawable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) as number;
    const shown =
      (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
    out += shown ? char : code === 0x0a || code === 0x09 ? ' ' : '?';
  }
  return out;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (line: TaxAmounts & { description?: string; sac?: string }, index: number) => string;
}

function columnsOf(document: TaxDocumentFields): Column[] {
  const money = (title: string, pick: (line: TaxAmounts) => number, width = 64): Column => ({
    title,
    width,
    align: 'right',
    value: (line) => rupeesText(pick(line)),
  });
  const half = GST_PERCENT / 2;
  const tax =
    document.supply === 'intra-state'
      ? [money(`CGST ${half}%`, (l) => l.cgstPaise, 58), money(`SGST ${half}%`, (l) => l.sgstPaise, 58)]
      : [money(`IGST ${GST_PERCENT}%`, (l) => l.igstPaise, 70)];
  const fixed = 22 + 48 + 74 + 74 + tax.reduce((sum, column) => sum + column.width, 0);
  return [
    { title: '#', width: 22, align: 'left', value: (_line, index) => (index < 0 ? '' : String(index + 1)) },
    {
      title: 'Description',
      width: 495 - fixed,
      align: 'left',
      value: (line) => drawable(line.description ?? ''),
    },
    { title: 'SAC', width: 48, align: 'left', value: (line) => line.sac ?? '' },
    money('Taxable value', (l) => l.taxablePaise, 74),
    ...tax,
    money('Total', (l) => l.totalPaise, 74),
  ];
}

/** Draws the document and answers the PDF's bytes. */
export async function taxDocumentPdf(document: TaxDocumentFields): Promise<Buffer> {
  // Loaded with the first document drawn: the library and its fonts are 25 MiB of a process.
  const { default: PDFDocument } = await import('pdfkit');
  const invoice = document.kind === 'invoice';
  const title = invoice ? 'Tax Invoice' : 'Credit Note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${title} ${document.number}`,
      Author: drawable(document.seller.legalName),
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(title, MARGIN, MARGIN);
  doc.moveDown(0.5);

  // The seller.
  doc.font('Helvetica-Bold').fontSize(11).text(drawable(document.seller.legalName), { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(drawable(document.seller.address), { width });
  doc.fillColor(INK).text(`GSTIN: ${document.seller.gstin}`);
  doc.text(`State: ${document.seller.stateName} (${document.seller.stateCode})`);
  doc.moveDown(0.8);

  // The document and the buyer.
  const facts: [string, string][] = [
    [invoice ? 'Invoice number' : 'Credit note number', document.number],
    [invoice ? 'Invoice date' : 'Credit note date', longDate(document.issuedAt)],
    ...(document.invoice
      ? ([
          ['Against invoice', document.invoice.number],
          ['Invoice date', longDate(document.invoice.issuedAt)],
          ['Reason', 'Refund of the course below'],
        ] as [string, string][])
      : []),
    ['Order', document.orderId],
    ['Buyer', drawable(document.buyer.name)],
    ['Buyer state', stateText(document.buyer.state)],
    ['Place of supply', stateText(document.buyer.state)],
  ];
  // Each fact one line of text, so text extraction reads the label with its value.
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(9.5).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('Helvetica').text(value, { width: width - 130 });
  }
  doc.moveDown(1);

  drawTable(doc, document);

  doc.moveDown(1);
  const totals: [string, number][] = [
    ['Taxable value', document.totals.taxablePaise],
    ...((document.supply === 'intra-state'
      ? [
          [`CGST @ ${GST_PERCENT / 2}%`, document.totals.cgstPaise],
          [`SGST @ ${GST_PERCENT / 2}%`, document.totals.sgstPaise],
        ]
      : [[`IGST @ ${GST_PERCENT}%`, document.totals.igstPaise]]) as [string, number][]),
    [invoice ? 'Total (INR)' : 'Total credited (INR)', document.totals.totalPaise],
  ];
  for (const [index, [label, paise]] of totals.entries()) {
    const last = index === totals.length - 1;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 11 : 9.5);
    doc.text(`${label}: ${rupeesText(paise)}`, MARGIN, doc.y, { width, align: 'right' });
  }
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Prices include GST at ${GST_PERCENT}%. ${
        document.supply === 'intra-state'
          ? 'Supply within the state: CGST and SGST.'
          : 'Supply to another state: IGST.'
      } Amounts in Indian rupees.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.text('This is a computer-generated document and needs no signature.', { width });
  doc.end();
  return done;
}

function stateText(state: TaxDocumentFields['buyer']['state']): string {
  return state.code ? `${state.name} (${state.code})` : state.name;
}

/** The lines, a row each (a long description wraps within its cell), then their totals. */
function drawTable(doc: PDFKit.PDFDocument, document: TaxDocumentFields): void {
  const columns = columnsOf(document);
  const bottom = doc.page.height - MARGIN;
  const header = columns.map((column) => column.title);
  const row = (values: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(
      ...columns.map((column, i) => doc.heightOfString(values[i] as string, { width: column.width - 4 })),
    );
    if (doc.y + height + 6 > bottom) {
      // A new page starts with the columns' titles again.
      doc.addPage();
      if (values !== header) {
        row(header, true);
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      }
    }
    const y = doc.y;
    let x = MARGIN;
    for (const [i, column] of columns.entries()) {
      doc.fillColor(INK).text(values[i] as string, x, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    doc.y = y + height + 3;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + 495, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y += 4;
  };
  row(header, true);
  for (const [index, line] of document.lines.entries()) {
    row(
      columns.map((column) => column.value(line, index)),
      false,
    );
  }
  row(
    columns.map((column, i) => (i === 1 ? 'Total' : column.value(document.totals, -1))),
    true,
  );
  doc.x = MARGIN;
}
