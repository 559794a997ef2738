import { longDate } from '@liveedu/calendar';
import QRCode from 'qrcode';
import type { CertificateDoc } from './store.ts';

/** An A4 landscape certificate with the names, the date, the id and a QR code to its verification page. */
export async function certificatePdf(certificate: CertificateDoc, verifyUrl: string): Promise<Buffer> {
  // Loaded with the first certificate drawn: the library and its fonts are 25 MiB of a process.
  const { default: PDFDocument } = await import('pdfkit');
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240 });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 50,
    info: { Title: `Certificate: ${certificate.courseTitle}`, Author: 'LiveEdu' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  doc
    .lineWidth(6)
    .strokeColor('#1e3a8a')
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor('#93c5fd')
    .rect(36, 36, width - 72, height - 72)
    .stroke();
  doc.fillColor('#1e3a8a').font('Helvetica-Bold').fontSize(16).text('LIVEEDU', 0, 70, { align: 'center' });
  doc
    .fillColor('#111827')
    .font('Helvetica-Bold')
    .fontSize(34)
    .text('Certificate of Completion', 0, 110, { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(14)
    .fillColor('#374151')
    .text('This certifies that', 0, 175, { align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(28)
    .fillColor('#111827')
    .text(certificate.studentName, 0, 200, { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(14)
    .fillColor('#374151')
    .text('has completed the course', 0, 245, { align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor('#1e3a8a')
    .text(certificate.courseTitle, 80, 270, {
      align: 'center',
      width: width - 160,
    });
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor('#374151')
    .text(
      `taught by ${certificate.tutorName}  ·  ${certificate.hours} hours of video  ·  issued ${longDate(certificate.issuedAt)}`,
      0,
      340,
      { align: 'center' },
    );
  if (certificate.revokedAt) {
    // Said across the page and in words: a printed copy of a refunded course's certificate shows it.
    doc
      .save()
      .rotate(-20, { origin: [width / 2, height / 2] })
      .fillColor('#b91c1c')
      .fillOpacity(0.35)
      .font('Helvetica-Bold')
      .fontSize(96)
      .text('REVOKED', 0, height / 2 - 60, { align: 'center', width })
      .restore();
    doc
      .fillOpacity(1)
      .fillColor('#b91c1c')
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Revoked ${longDate(certificate.revokedAt)}: the course was refunded`, 0, 365, {
        align: 'center',
      });
  }
  doc.image(qr, width - 200, height - 200, { width: 120 });
  doc
    .fontSize(9)
    .fillColor('#6b7280')
    .text(`Certificate ${certificate._id}`, 60, height - 110);
  doc.text(`Verify at ${verifyUrl}`, 60, height - 95, { width: width - 300 });
  doc.end();
  return done;
}
