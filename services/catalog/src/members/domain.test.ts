import { describe, expect, it } from 'vitest';
import { memberAccess } from './domain.ts';

describe('memberAccess', () => {
  const enrolled = (answer: boolean) => {
    const asked = { count: 0 };
    const isEnrolled = async () => {
      asked.count += 1;
      return answer;
    };
    return { asked, isEnrolled };
  };

  it('lets the admin in without asking about enrollment', async () => {
    const probe = enrolled(false);
    expect(await memberAccess({ role: 'admin', isTutor: false, isEnrolled: probe.isEnrolled })).toBe('admin');
    expect(probe.asked.count).toBe(0);
  });

  it("lets the course's tutor in as its tutor", async () => {
    const probe = enrolled(false);
    expect(await memberAccess({ role: 'tutor', isTutor: true, isEnrolled: probe.isEnrolled })).toBe('tutor');
    expect(probe.asked.count).toBe(0);
  });

  it('lets an enrolled student in, another tutor as a student when enrolled, anyone else not', async () => {
    expect(
      await memberAccess({ role: 'student', isTutor: false, isEnrolled: enrolled(true).isEnrolled }),
    ).toBe('student');
    expect(await memberAccess({ role: 'tutor', isTutor: false, isEnrolled: enrolled(true).isEnrolled })).toBe(
      'student',
    );
    expect(
      await memberAccess({ role: 'student', isTutor: false, isEnrolled: enrolled(false).isEnrolled }),
    ).toBe('none');
  });
});
