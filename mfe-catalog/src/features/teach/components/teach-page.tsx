import { useSession } from '@liveedu/session';
import { Banner, ButtonLink, flatPanel, Page, theme } from '@liveedu/ui';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { type InfoCard, InfoCardList } from '../../../shared/components/info-cards.tsx';
import { Section } from '../../../shared/components/page.tsx';
import { TutorApplicationForm } from './tutor-application-form.tsx';

const Hero = styled.section`
  background: linear-gradient(135deg, ${theme.colors.hero}, #4338ca);
  color: #fff;
  text-align: center;
  padding: 4rem 1rem;
  h1 { font-size: clamp(2rem, 5vw, 3rem); margin: 0 0 1rem; }
  p { color: #e0e7ff; max-width: 60ch; margin: 0 auto 1.5rem; }
`;

const Action = ButtonLink;

const Steps = styled.div`
  [role='tablist'] { display: flex; gap: 0.5rem; margin-bottom: 1rem; }
  [role='tab'] {
    width: 44px;
    height: 44px;
    border-radius: 50%;
    border: 2px solid ${theme.colors.primary};
    background: ${theme.colors.surface};
    color: ${theme.colors.primary};
    font-weight: 700;
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] { background: ${theme.colors.primary}; color: #fff; }
  [role='tabpanel'] {
    ${flatPanel}
    padding: 1.25rem;
  }
`;

const BENEFITS: InfoCard[] = [
  { title: 'Easy course creation', text: 'Upload videos, group them in sections and publish from one form.' },
  { title: 'Monetize your course', text: 'Set your price and earn from every student who enrolls.' },
  { title: 'User-friendly interfaces', text: 'Simple tools for you and a clean player for your students.' },
  { title: 'Analytics and insights', text: 'See your earnings and income over 7, 28 and 365 days.' },
];

const SUMMARY: InfoCard[] = [
  { title: 'Sign up', text: 'Create your free LiveEdu account.' },
  { title: 'Get approved', text: 'Our team reviews your application within 5 business days.' },
  { title: 'Start earning', text: 'Publish your courses and earn from every enrollment.' },
];

function Walkthrough({ isLoggedIn }: { isLoggedIn: boolean }) {
  const [step, setStep] = useState(1);
  const panels: Record<number, { title: string; body: ReactNode }> = {
    1: {
      title: 'Sign up',
      body: isLoggedIn ? (
        <p>You are already an existing user</p>
      ) : (
        <>
          <p>Create an account to get started.</p>
          <Action to="/signup">Sign up</Action>
        </>
      ),
    },
    2: {
      title: 'Submit your application',
      body: <p>Submit a teaching resume or a YouTube channel link with the form below.</p>,
    },
    3: {
      title: 'Review of the application',
      body: <p>Our team reviews your application and checks your teaching experience.</p>,
    },
    4: { title: 'Approval', body: <p>Once approved you become a tutor and can create your first course.</p> },
  };
  const current = panels[step]!;
  return (
    <Steps>
      <div role="tablist" aria-label="Steps to become a tutor">
        {[1, 2, 3, 4].map((n) => (
          <button
            key={n}
            type="button"
            role="tab"
            id={`step-tab-${n}`}
            aria-selected={step === n}
            aria-controls="step-panel"
            onClick={() => setStep(n)}
          >
            {n}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="step-panel" aria-labelledby={`step-tab-${step}`}>
        <h3>
          Step {step}: {current.title}
        </h3>
        {current.body}
      </div>
    </Steps>
  );
}

function ApplicationStatus() {
  const { role, statusOfPage } = useSession();
  if (role === 'tutor') {
    return (
      <Banner tone="success">
        <strong>Congratulations! Application Accepted</strong>
        <br />
        You are now a tutor.
      </Banner>
    );
  }
  if (statusOfPage === 'in progress') {
    return (
      <Banner tone="warning">
        Your application to become a tutor is under review.
        <br />
        Please wait for 3 to 4 bussiness days
      </Banner>
    );
  }
  if (statusOfPage === 'none') return <TutorApplicationForm />;
  return null;
}

export function TeachPage() {
  const { isLoggedIn } = useSession();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <Hero>
        <h1>Become A Tutor</h1>
        <p>Teach what you know to students across India and earn from every course you sell.</p>
        <Action to={isLoggedIn ? '#apply' : '/signup'}>Get Started</Action>
      </Hero>
      <Page>
        <Section aria-labelledby="teach-benefits">
          <h2 id="teach-benefits">Why teach on LiveEdu</h2>
          <InfoCardList cards={BENEFITS} />
        </Section>
        <Section aria-labelledby="teach-summary">
          <h2 id="teach-summary">Three steps to start</h2>
          <InfoCardList cards={SUMMARY.map((s, i) => ({ ...s, title: `${i + 1}. ${s.title}` }))} />
        </Section>
        <Section aria-labelledby="teach-walkthrough">
          <h2 id="teach-walkthrough">How to become a tutor</h2>
          <Walkthrough isLoggedIn={isLoggedIn} />
        </Section>
        <Section aria-labelledby="teach-requirements">
          <h2 id="teach-requirements">Requirements</h2>
          <p>
            You need at least one year of teaching experience, or a YouTube channel with 2 to 3 videos. If
            your application is rejected, you can apply again after 60 days.
          </p>
        </Section>
        <Section id="apply" aria-labelledby="teach-apply">
          <h2 id="teach-apply">Apply now</h2>
          <ApplicationStatus />
        </Section>
      </Page>
    </>
  );
}
