import { describe, expect, it } from 'vitest';
import { applicationRefusal, reapplyFrom, ytLinkProblem } from './domain.ts';

const now = new Date('2025-06-01T06:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('who may apply to become a tutor', () => {
  it('lets a student with no application apply', () => {
    expect(applicationRefusal({ role: 'student', stausOfPage: 'none' }, now)).toBeNull();
  });

  it('refuses a second application while one is under review', () => {
    expect(applicationRefusal({ role: 'student', stausOfPage: 'in progress' }, now)?.status).toBe(409);
  });

  it('refuses tutors and the admin', () => {
    expect(applicationRefusal({ role: 'tutor', stausOfPage: 'accept' }, now)?.status).toBe(409);
    expect(applicationRefusal({ role: 'admin', stausOfPage: 'none' }, now)?.status).toBe(403);
  });

  it('lets a rejected applicant apply again only 60 days after the decision, and says when', () => {
    const refusal = applicationRefusal(
      { role: 'student', stausOfPage: 'reject', decidedAt: daysAgo(59) },
      now,
    );
    expect(refusal?.status).toBe(400);
    expect(refusal?.message).toContain('2 June 2025');
    expect(
      applicationRefusal({ role: 'student', stausOfPage: 'reject', decidedAt: daysAgo(60) }, now),
    ).toBeNull();
    expect(reapplyFrom(daysAgo(60)).getTime()).toBe(now.getTime());
  });
});

describe('channel links', () => {
  it('accepts http and https URLs only', () => {
    expect(ytLinkProblem('https://www.youtube.com/@teacher')).toBeNull();
    expect(ytLinkProblem('http://youtube.com/c/x')).toBeNull();
    expect(ytLinkProblem('javascript:alert(1)')).not.toBeNull();
    expect(ytLinkProblem('youtube.com/@teacher')).not.toBeNull();
    expect(ytLinkProblem('ftp://example.com')).not.toBeNull();
  });
});
