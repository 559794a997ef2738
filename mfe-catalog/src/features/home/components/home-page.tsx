import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ButtonLink, ErrorState, Loading, Page, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { CategoryTiles } from '../../../shared/components/category-tiles.tsx';
import { CourseList } from '../../../shared/components/course-section.tsx';
import { BookIcon, ClockIcon, RupeeIcon, VideoIcon } from '../../../shared/components/icons.tsx';
import { type InfoCard, InfoCardList, InfoCards } from '../../../shared/components/info-cards.tsx';
import { Section } from '../../../shared/components/page.tsx';
import { useCategories } from '../../../shared/hooks/use-categories.ts';
import { homeCategories } from '../api/home-categories.ts';
import { ReviewsCarousel } from './reviews-carousel.tsx';

const Hero = styled.section`
  background: linear-gradient(135deg, ${theme.colors.hero}, #4338ca);
  color: #fff;
  padding: 4rem 1rem;
  text-align: center;
  h1 { font-size: clamp(2rem, 5vw, 3.2rem); margin: 0 0 1rem; }
  p { font-size: 1.15rem; max-width: 60ch; margin: 0 auto 1.5rem; color: #e0e7ff; }
`;

const CTA = ButtonLink;

const Band = styled.section`
  margin: 2.5rem 0;
  padding: 2rem 1.5rem;
  border-radius: ${theme.radius};
  background: #eef2ff;
  text-align: center;
  h2 { margin-top: 0; }
`;

const Stats = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 2rem;
  margin-bottom: 1.5rem;
  strong { display: block; font-size: 2.4rem; color: ${theme.colors.primary}; }
`;

const BENEFITS: InfoCard[] = [
  {
    icon: <BookIcon />,
    title: 'Learn anything',
    text: 'Courses on the skills you want, from tutors who practise them.',
  },
  {
    icon: <RupeeIcon />,
    title: 'Save money',
    text: 'Buy a course once and keep it: no subscription needed.',
  },
  {
    icon: <ClockIcon />,
    title: 'Flexible learning',
    text: 'Watch at your own pace, on any device, whenever it suits you.',
  },
  {
    icon: <VideoIcon />,
    title: 'Live interaction',
    text: 'Enrolled students can join their teacher’s live classes.',
  },
];

const TESTIMONIALS = [
  { quote: 'The course got me ready for my first developer job in four months.', name: 'Ananya R.' },
  { quote: 'Short videos and clear examples. I finally understood statistics.', name: 'Rahul M.' },
  { quote: 'The live class answered the questions the videos left open.', name: 'Priya S.' },
  { quote: 'I learned guitar in the evenings after work, one lesson at a time.', name: 'Vikram K.' },
];

function Categories() {
  const categories = useCategories();
  if (categories.status === 'loading') return <Loading label="Loading categories…" />;
  if (categories.status === 'error')
    return <ErrorState message={categories.error} onRetry={categories.reload} />;
  return <CategoryTiles categories={homeCategories(categories.data)} seeMore />;
}

function TopReviews() {
  const api = useApi();
  const reviews = useApiQuery(['catalog', 'top-reviews'], (signal) =>
    api.topReviews(signal).then((r) => r.reviews ?? []),
  );
  if (reviews.status === 'loading') return <Loading label="Loading reviews…" />;
  if (reviews.status === 'error') return <ErrorState message={reviews.error} onRetry={reviews.reload} />;
  if (reviews.data.length === 0) return <p>No reviews yet.</p>;
  return <ReviewsCarousel reviews={reviews.data} />;
}

export function HomePage() {
  const api = useApi();
  const recent = useApiQuery(['catalog', 'recently-added'], (signal) =>
    api.recentlyAddedCourses(signal).then((r) => r.courses ?? []),
  );
  const loved = useApiQuery(['catalog', 'loved-by-students'], (signal) =>
    api.coursesLovedByStudents(signal).then((r) => r.courses ?? []),
  );
  return (
    <>
      <Hero>
        <h1>Learn from the best tutors, live and on demand</h1>
        <p>
          Video courses from independent tutors across India. Learn a skill, keep the course, go at your pace.
        </p>
        <CTA to="/courses">Explore Courses</CTA>
      </Hero>
      <Page>
        <Section aria-labelledby="categories-heading">
          <h2 id="categories-heading">Top categories</h2>
          <Categories />
        </Section>
        <Section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">Why learn on LiveEdu</h2>
          <InfoCardList cards={BENEFITS} />
        </Section>
        <Section aria-labelledby="recent-heading">
          <h2 id="recent-heading">Recently Added</h2>
          <CourseList resource={recent} emptyText="No courses yet." onRetry={recent.reload} />
        </Section>
        <Section aria-labelledby="loved-heading">
          <h2 id="loved-heading">Courses loved by our students</h2>
          <CourseList resource={loved} emptyText="No courses yet." onRetry={loved.reload} />
        </Section>
        <Section aria-labelledby="reviews-heading">
          <h2 id="reviews-heading">What our students say</h2>
          <TopReviews />
        </Section>
        <Band aria-labelledby="testimonials-heading">
          <h2 id="testimonials-heading">Learners who move ahead</h2>
          <Stats>
            <p>
              <strong>77%</strong> of learners report career benefits
            </p>
            <p>
              <strong>90%+</strong> of courses have videos
            </p>
          </Stats>
          <InfoCards>
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <blockquote style={{ margin: 0 }}>“{t.quote}”</blockquote>
                <p>— {t.name}</p>
              </li>
            ))}
          </InfoCards>
        </Band>
        <Band aria-labelledby="explore-heading">
          <h2 id="explore-heading">Ready to start learning?</h2>
          <p>Hundreds of lessons are waiting for you.</p>
          <CTA to="/courses">Explore Courses</CTA>
        </Band>
        <Band aria-labelledby="tutor-heading">
          <h2 id="tutor-heading">Become A Tutor</h2>
          <p>Share what you know, reach students across India and earn from every enrollment.</p>
          <CTA to="/teach-on-live-edu">Start teaching today</CTA>
        </Band>
      </Page>
    </>
  );
}
