import type { Coupon } from '@liveedu/api-client';
import { useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { CouponForm, CouponTable, ErrorState, Loading, PagedListStates, useStaffCoupons } from '@liveedu/ui';
import type { ReactNode } from 'react';
import { Panel } from '../../../shared/components/page.tsx';
import { allTutorCourses, type TutorCourse } from '../api/tutor-courses.ts';
import { useCommerceApi } from '../hooks/commerce-api.ts';

const COUPONS = ['tutor', 'coupons'];
const ALL_MY_COURSES = 'All my courses';

/** What a coupon is for, by the tutor's course titles; one for no single course is for all of them. */
function appliesTo(courses: readonly TutorCourse[] | null) {
  return (coupon: Coupon) => {
    if (!coupon.courseId) return ALL_MY_COURSES;
    if (!courses) return '…';
    return courses.find((c) => c._id === coupon.courseId)?.title ?? 'A deleted course';
  };
}

/**
 * Coupons: the tutor makes one for a course of theirs or for all of them, and sees their coupons,
 * newest first, with what each takes off, when it works, its uses, and a switch to turn it off.
 */
export function CouponsPage() {
  const api = useApi();
  const courses = useApiQuery(['tutor', 'coupon-courses'], (signal) => allTutorCourses(api, signal));
  const { coupons, create, setActive } = useStaffCoupons(useCommerceApi(), COUPONS);
  const courseList = courses.status === 'ready' ? courses.data : null;

  let form: ReactNode;
  if (courses.status === 'loading') form = <Loading label="Loading your courses…" />;
  else if (courses.status === 'error') form = <ErrorState message={courses.error} onRetry={courses.reload} />;
  else form = <CouponForm courses={courses.data} allCoursesLabel={ALL_MY_COURSES} onCreate={create} />;

  return (
    <Panel>
      <h2>Coupons</h2>
      {form}
      <h2>Your coupons</h2>
      <PagedListStates list={coupons} loadingLabel="Loading your coupons…" emptyMessage="No coupons yet">
        {(rows) => (
          <CouponTable
            caption="Your coupons"
            coupons={rows}
            appliesTo={appliesTo(courseList)}
            onToggle={setActive}
          />
        )}
      </PagedListStates>
    </Panel>
  );
}
