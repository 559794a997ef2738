import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ButtonLink, bareList, EmptyState, ErrorState, flatPanel, Loading, theme } from '@liveedu/ui';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PageSection } from '../../../shared/components/page-section.tsx';

const List = styled.ul`
  ${bareList}
  display: grid;
  gap: 0.75rem;
  li {
    ${flatPanel};
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 1rem;
  }
  h3 { margin: 0 0 0.25rem; font-size: 1.05rem; }
  small { color: ${theme.colors.muted}; }
  nav { display: flex; gap: 0.75rem; align-items: center; }
`;

const issued = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** The student's certificates of completion, each with its public page and its PDF. */
export function CertificatesPage() {
  const api = useApi();
  const certificates = useApiQuery(['learner', 'certificates'], (signal) => api.certificates(signal));
  return (
    <PageSection aria-labelledby="certificates-heading">
      <h2 id="certificates-heading">Certificates</h2>
      {certificates.status === 'loading' ? (
        <Loading label="Loading your certificates…" />
      ) : certificates.status === 'error' ? (
        <ErrorState message={certificates.error} onRetry={certificates.reload} />
      ) : certificates.data.length === 0 ? (
        <EmptyState message="Finish a course to earn its certificate.">
          <ButtonLink to="/profile">Enrolled Courses</ButtonLink>
        </EmptyState>
      ) : (
        <List>
          {certificates.data.map((c) => (
            <li key={c.certificateId}>
              <div>
                <h3>{c.courseTitle}</h3>
                <small>Issued {issued(c.issuedAt)}</small>
              </div>
              <nav>
                <Link to={`/certificates/${c.certificateId}`}>View</Link>
                <a href={api.certificatePdfUrl(c.certificateId)} target="_blank" rel="noreferrer">
                  PDF
                </a>
              </nav>
            </li>
          ))}
        </List>
      )}
    </PageSection>
  );
}
