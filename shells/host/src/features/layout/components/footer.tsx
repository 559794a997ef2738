import { bareList, media, theme } from '@liveedu/ui';
import { Link } from 'react-router';
import styled from 'styled-components';

const Foot = styled.footer`
  background: ${theme.colors.hero};
  color: #e0e7ff;
  margin-top: 3rem;
`;

const Inner = styled.div`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 2rem 1rem;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: 2fr 1fr 1fr 1fr; }
  h2 { font-size: 1rem; margin: 0 0 0.5rem; color: #fff; }
  ul { ${bareList} display: grid; gap: 0.35rem; }
  a { color: #c7d2fe; text-decoration: none; }
  a:hover { text-decoration: underline; }
  .soon { color: #a5b4fc; }
`;

const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X (Twitter)', href: 'https://x.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
];

// Legal pages do not exist yet: shown as text, not as links that lead nowhere.
const LEGAL = ['Terms of Service', 'Privacy Policy', 'Cookie Policy'];

export function Footer() {
  return (
    <Foot>
      <Inner>
        <div>
          <h2>LiveEdu</h2>
          <p>Learn from tutors who teach what they love, at your own pace.</p>
        </div>
        <nav aria-label="Footer">
          <h2>Explore</h2>
          <ul>
            <li>
              <Link to="/courses">Courses</Link>
            </li>
            <li>
              <Link to="/teach-on-live-edu">Teach On LiveEdu</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2>Follow us</h2>
          <ul>
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Legal</h2>
          <ul>
            {LEGAL.map((l) => (
              <li key={l} className="soon">
                {l}
              </li>
            ))}
          </ul>
        </div>
      </Inner>
      <p style={{ textAlign: 'center', margin: 0, padding: '0 1rem 1.5rem', color: '#a5b4fc' }}>
        © {new Date().getFullYear()} LiveEdu
      </p>
    </Foot>
  );
}
