import { ApiError, type Coupon } from '@liveedu/api-client';
import { courseDetailsKey, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { CouponForm, CouponTable, EmptyState, useStaffCoupons } from '@liveedu/ui';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { PagedListView } from '../../../shared/components/paged-list-view.tsx';
import { useCommerceApi } from '../../../shared/hooks/commerce-api.ts';
import { useCourseChoice } from '../hooks/use-course-choice.ts';

const COUPONS = ['admin', 'coupons'];
const EVERY_COURSE = 'Every course';

/**
 * A course coupon's course, by the title the catalog gives it (read once per course); a course the
 * catalog no longer has is said to be deleted, and one it could not tell about now is named by its id.
 */
function CourseTitle({ courseId }: { courseId: string }) {
  const api = useApi();
  const course = useApiQuery([...courseDetailsKey(courseId), 'or-none'], (signal) =>
    api.courseDetails(courseId, signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  );
  if (course.status === 'loading') return <>…</>;
  if (course.status === 'error') return <>Course {courseId}</>;
  return <>{course.data ? course.data.title : 'A deleted course'}</>;
}

/** What a coupon is for: one course, every course of the tutor who made it, or every course. */
function appliesTo(coupon: Coupon) {
  if (coupon.courseId) return <CourseTitle courseId={coupon.courseId} />;
  return coupon.scope === 'tutor' ? 'All courses of its tutor' : EVERY_COURSE;
}

/**
 * /dashboard/coupons: every coupon of the marketplace, newest first, a page at a time, each with
 * an on/off switch; the admin makes one for every course or for a course found in the catalog.
 */
export function AdminCouponsPage() {
  const { coupons, create, setActive } = useStaffCoupons(useCommerceApi(), COUPONS);
  const { courses, search } = useCourseChoice();
  return (
    <PageFrame title="Coupons">
      <CouponForm courses={courses} allCoursesLabel={EVERY_COURSE} courseSearch={search} onCreate={create} />
      <h2>All coupons</h2>
      <PagedListView list={coupons} what="the coupons">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState message="No coupons yet" />
          ) : (
            <CouponTable caption="All coupons" coupons={rows} appliesTo={appliesTo} onToggle={setActive} />
          )
        }
      </PagedListView>
    </PageFrame>
  );
}
