import { type CouponBody, type Coupon as CouponView, messageOf } from '@liveedu/api-client';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { type CouponDraft, couponBodyOf, emptyCouponDraft } from '../coupons.ts';
import { raisedPanel } from '../layout.ts';
import { theme } from '../theme.ts';
import { Button } from './button.tsx';
import { CourseOptions } from './course-options.tsx';
import { Field } from './field.tsx';
import { Banner } from './states.tsx';

const Form = styled.form`
  ${raisedPanel}
  padding: 1.25rem;
  margin-bottom: 2rem;
  h3 { margin: 0 0 1rem; font-size: 1.15rem; }
  fieldset { border: 0; padding: 0; margin: 0 0 1rem; min-width: 0; }
  legend { font-weight: 600; padding: 0; margin-bottom: 0.35rem; }
  .kinds { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin-bottom: 0.5rem; }
  .kinds label { font-weight: 500; display: inline-flex; gap: 0.4rem; align-items: center; }
  small { color: ${theme.colors.muted}; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  gap: 0 1rem;
  ${Field} { min-width: 0; }
  input, select { max-width: 100%; min-width: 0; }
`;

export interface CourseOption {
  _id: string;
  title: string;
}

/** A search box that changes the courses offered (the admin's, over the whole catalog). */
export interface CourseSearch {
  text: string;
  onChange: (text: string) => void;
  /** Shown under the box: what the search found, or that it is under way. */
  status?: ReactNode;
}

/**
 * Makes a coupon: its code, the course (or every course the maker may choose), a percentage or an
 * amount off, when it works, how many uses in all and per student. The server decides whether the
 * terms are right; its message is shown as it says it and what was typed stays.
 */
export function CouponForm({
  courses,
  allCoursesLabel,
  onCreate,
  courseSearch,
}: {
  courses: readonly CourseOption[];
  /** The choice of no one course: "All my courses" for a tutor, "Every course" for the admin. */
  allCoursesLabel: string;
  /** Sends the coupon; rejects with the server's refusal. */
  onCreate: (body: CouponBody) => Promise<CouponView>;
  courseSearch?: CourseSearch;
}) {
  const id = useId();
  const [draft, setDraft] = useState<CouponDraft>(() => emptyCouponDraft());
  const [chosen, setChosen] = useState<CourseOption | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (fields: Partial<CouponDraft>) => setDraft((d) => ({ ...d, ...fields }));
  // The chosen course stays offered while a search lists others.
  const offered = chosen && !courses.some((c) => c._id === chosen._id) ? [chosen, ...courses] : courses;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setMade(null);
    const request = couponBodyOf(draft);
    if (!request.ok) {
      setProblem(request.message);
      return;
    }
    setSending(true);
    try {
      const coupon = await onCreate(request.body);
      setMade(`Coupon ${coupon.code} created`);
      setDraft(emptyCouponDraft());
      setChosen(null);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <Form aria-label="New coupon" onSubmit={(e) => void submit(e)} noValidate>
      <h3>New coupon</h3>
      <Grid>
        <Field>
          <label htmlFor={field('code')}>Code</label>
          <input
            id={field('code')}
            value={draft.code}
            onChange={(e) => set({ code: e.target.value })}
            autoComplete="off"
            aria-describedby={field('code-hint')}
          />
          <small id={field('code-hint')}>4 to 20 letters and digits</small>
        </Field>
        <div>
          {courseSearch ? (
            <Field>
              <label htmlFor={field('search')}>Find a course</label>
              <input
                id={field('search')}
                type="search"
                value={courseSearch.text}
                onChange={(e) => courseSearch.onChange(e.target.value)}
                aria-describedby={field('search-status')}
              />
              <small id={field('search-status')} aria-live="polite">
                {courseSearch.status}
              </small>
            </Field>
          ) : null}
          <Field>
            <label htmlFor={field('course')}>Course</label>
            <select
              id={field('course')}
              value={draft.courseId}
              onChange={(e) => {
                set({ courseId: e.target.value });
                setChosen(offered.find((c) => c._id === e.target.value) ?? null);
              }}
            >
              <option value="">{allCoursesLabel}</option>
              <CourseOptions courses={offered} />
            </select>
          </Field>
        </div>
      </Grid>
      <fieldset>
        <legend>Discount</legend>
        <div className="kinds">
          <label>
            <input
              type="radio"
              name={field('kind')}
              checked={draft.kind === 'percent'}
              onChange={() => set({ kind: 'percent' })}
            />
            Percent off
          </label>
          <label>
            <input
              type="radio"
              name={field('kind')}
              checked={draft.kind === 'amount'}
              onChange={() => set({ kind: 'amount' })}
            />
            Amount off
          </label>
        </div>
        <Field>
          <label htmlFor={field('discount')}>
            {draft.kind === 'percent' ? 'Discount (%)' : 'Discount (₹)'}
          </label>
          <input
            id={field('discount')}
            type="number"
            inputMode="decimal"
            min={draft.kind === 'percent' ? 1 : 0.01}
            max={draft.kind === 'percent' ? 100 : undefined}
            step={draft.kind === 'percent' ? 1 : 0.01}
            value={draft.discount}
            onChange={(e) => set({ discount: e.target.value })}
          />
        </Field>
      </fieldset>
      <Grid>
        <Field>
          <label htmlFor={field('starts')}>Starts</label>
          <input
            id={field('starts')}
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set({ startsAt: e.target.value })}
          />
        </Field>
        <Field>
          <label htmlFor={field('ends')}>Ends</label>
          <input
            id={field('ends')}
            type="datetime-local"
            value={draft.endsAt}
            onChange={(e) => set({ endsAt: e.target.value })}
          />
        </Field>
        <Field>
          <label htmlFor={field('max-uses')}>Max uses</label>
          <input
            id={field('max-uses')}
            type="number"
            min={1}
            step={1}
            value={draft.maxUses}
            onChange={(e) => set({ maxUses: e.target.value })}
            aria-describedby={field('max-uses-hint')}
          />
          <small id={field('max-uses-hint')}>Leave empty for no limit</small>
        </Field>
        <Field>
          <label htmlFor={field('per-user')}>Uses per student</label>
          <input
            id={field('per-user')}
            type="number"
            min={1}
            step={1}
            value={draft.perUser}
            onChange={(e) => set({ perUser: e.target.value })}
          />
        </Field>
      </Grid>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {made ? <Banner tone="success">{made}</Banner> : null}
      <Button type="submit" disabled={sending}>
        {sending ? 'Creating…' : 'Create coupon'}
      </Button>
    </Form>
  );
}
