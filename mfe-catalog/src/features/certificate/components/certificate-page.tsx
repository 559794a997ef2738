import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ErrorState, formatLongDate, Loading, raisedPanel, theme } from '@liveedu/ui';
import { useParams } from 'react-router';
import styled from 'styled-components';

const Frame = styled.main`
  max-width: 760px;
  margin: 2rem auto;
  padding: 0 1rem;
`;

const Card = styled.article`
  ${raisedPanel};
  padding: 2rem;
  text-align: center;
  border-top: 6px solid ${theme.colors.primary};
  h1 { margin: 0 0 0.5rem; font-size: 1.1rem; letter-spacing: 0.08em; color: ${theme.colors.primaryDark}; }
  .verified { color: #15803d; font-weight: 700; margin: 0 0 1.5rem; }
  .revoked { color: #b91c1c; font-weight: 700; margin: 0 0 1.5rem; }
  &[data-revoked='true'] { border-top-color: #b91c1c; }
  .name { font-size: 1.8rem; font-weight: 800; margin: 0.25rem 0 1rem; word-break: break-word; }
  .course { font-size: 1.3rem; font-weight: 700; color: ${theme.colors.primaryDark}; margin: 0.25rem 0 1rem; }
  p { margin: 0.25rem 0; color: ${theme.colors.muted}; }
  footer { margin-top: 1.5rem; font-size: 0.85rem; color: ${theme.colors.muted}; word-break: break-all; }
`;

/** /certificates/{certificateId}: anyone may check a certificate, without logging in. */
export function CertificatePage() {
  const api = useApi();
  const { certificateId = '' } = useParams();
  const certificate = useApiQuery(['catalog', 'certificate', certificateId], (signal) =>
    api.certificate(certificateId, signal),
  );
  if (certificate.status === 'loading') return <Loading label="Checking the certificate…" />;
  if (certificate.status === 'error') {
    return (
      <Frame>
        <ErrorState message={certificate.error} onRetry={certificate.reload} />
      </Frame>
    );
  }
  const c = certificate.data;
  const date = formatLongDate(c.issuedAt);
  // A refunded course's certificate is revoked: it still checks out, and says so.
  const revoked = 'revoked' in c && c.revoked === true;
  const revokedAt = 'revokedAt' in c && typeof c.revokedAt === 'string' ? c.revokedAt : null;
  return (
    <Frame>
      <Card aria-labelledby="certificate-heading" data-revoked={revoked}>
        <h1 id="certificate-heading">CERTIFICATE OF COMPLETION</h1>
        {revoked ? (
          <p className="revoked" data-testid="certificate-revoked">
            ✗ Revoked{revokedAt ? ` on ${formatLongDate(revokedAt)}` : ''}: the course was refunded
          </p>
        ) : (
          <p className="verified">✓ Verified by LiveEdu</p>
        )}
        <p>This certifies that</p>
        <p className="name" data-testid="certificate-student">
          {c.studentName}
        </p>
        <p>has completed the course</p>
        <p className="course" data-testid="certificate-course">
          {c.courseTitle}
        </p>
        <p>
          taught by {c.tutorName} · {c.hours} hours of video · issued {date}
        </p>
        <footer>
          Certificate {c.certificateId} ·{' '}
          <a href={api.certificatePdfUrl(c.certificateId)} target="_blank" rel="noreferrer">
            Download PDF
          </a>
        </footer>
      </Card>
    </Frame>
  );
}
