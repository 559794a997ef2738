import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Banner, theme } from '@liveedu/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { playerKeys } from '../api/keys.ts';
import { usePoll } from '../hooks/use-poll.ts';

const Links = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-left: 0.5rem;
  a { color: ${theme.colors.success}; font-weight: 700; }
`;

/** How long the certificate is waited for: the catalog issues it on an event, a moment after. */
const ISSUING_MS = 30_000;

/**
 * A completed course: its certificate, as the Certificates page lists it (its public page and
 * PDF), once the catalog has issued it.
 */
export function CompletionPanel({ courseId }: { courseId: string }) {
  const api = useApi();
  const certificates = useApiQuery(playerKeys.certificates, (signal) => api.certificates(signal));
  const certificate = certificates.data?.find((c) => c.courseId === courseId);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), ISSUING_MS);
    return () => window.clearTimeout(timer);
  }, []);
  usePoll(!certificate, certificates.reload, { forMs: ISSUING_MS });
  return (
    <Banner tone="success">
      You completed this course.
      {certificate ? (
        <Links>
          <Link to={`/certificates/${certificate.certificateId}`}>View your certificate</Link>
          <a href={api.certificatePdfUrl(certificate.certificateId)} target="_blank" rel="noreferrer">
            Certificate PDF
          </a>
        </Links>
      ) : waited ? (
        <>
          {' '}
          Its certificate is issued once every required quiz and assignment is passed; it is then listed under{' '}
          <Link to="/profile/certificates">Certificates</Link>.
        </>
      ) : (
        ' Issuing your certificate…'
      )}
    </Banner>
  );
}
