import { type Category, type CourseForUpdate, messageOf } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  Banner,
  Button,
  Field,
  ImageDropZone,
  Page,
  ResourceView,
  raisedPanel,
  theme,
  toast,
} from '@liveedu/ui';
import { cloneElement, type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import {
  type CourseDraft,
  type CourseField,
  DIFFICULTIES,
  draftFromCourse,
  emptyDraft,
  toCoursePayload,
  validateDraft,
} from '../api/course-form.ts';
import { saveCourse } from '../api/save-course.ts';
import { useCourseDraft } from '../hooks/use-course-draft.ts';
import { AnnouncementsSection } from './announcements-section.tsx';
import { CourseContentEditor } from './course-content-editor.tsx';
import { LearningItems } from './learning-items.tsx';
import { LiveClassesSection } from './live-classes-section.tsx';

const Form = styled.form`
  ${raisedPanel}
  padding: 1.25rem;
  h2 { font-size: 1.25rem; margin: 1.5rem 0 0.75rem; }
`;

const Columns = styled.div`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}) { grid-template-columns: 1fr 1fr; }
`;

const FieldHint = styled.small`
  color: ${theme.colors.muted};
`;

const Submit = styled.div`
  margin-top: 1.5rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  align-items: stretch;
`;

function CourseForm({
  courseId,
  initial,
  existingThumbnail,
}: {
  courseId?: string;
  initial: () => CourseDraft;
  existingThumbnail?: string;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const draftApi = useCourseDraft(initial);
  const { draft, setField } = draftApi;
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = useApiMutation(saveCourse, {
    invalidates: [SHARED_KEYS.tutorCourses, SHARED_KEYS.catalog, ['course'], ['tutor', 'course']],
  });
  const saving = save.isPending;
  // Leaving the page cancels an upload still under way.
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const categories = useApiQuery(SHARED_KEYS.categories, (signal) =>
    api.getAllCategories(signal).then((r) => r.data ?? []),
  );

  /** The id, value and onChange of the control of one of the course's own fields. */
  const control = (name: CourseField) => ({
    id: `course-${name}`,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
  });
  /**
   * One of the course's own fields: its label above `input` (an input, textarea or select), fed by
   * `control`, and a `hint` below it that the control is described by.
   */
  const field = (
    name: CourseField,
    label: string,
    input: ReactElement<ReturnType<typeof control> & { 'aria-describedby'?: string }>,
    hint?: string,
  ) => {
    const props = control(name);
    const hintId = `${props.id}-hint`;
    return (
      <Field>
        <label htmlFor={props.id}>{label}</label>
        {cloneElement(input, hint ? { ...props, 'aria-describedby': hintId } : props)}
        {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      </Field>
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDraft(draft, { chosen: image !== null, existing: Boolean(existingThumbnail) });
    setProblem(invalid);
    if (invalid) return;
    setProgress(image ? 0 : null);
    upload.current = new AbortController();
    try {
      const saved = await save.mutateAsync({
        baseUrl: api.baseUrl,
        courseId,
        data: toCoursePayload(draft),
        image,
        onProgress: setProgress,
        signal: upload.current.signal,
      });
      toast.success(saved.message || (courseId ? 'Course updated' : 'Course created'));
      if (courseId) {
        navigate(`/viewCouse/${saved._id || courseId}`);
        return;
      }
      draftApi.reset(emptyDraft());
      setImage(null);
    } catch (error) {
      if (upload.current?.signal.aborted) return;
      toast.error(messageOf(error));
    } finally {
      setProgress(null);
    }
  };

  const categoryList: Category[] = categories.status === 'ready' ? categories.data : [];
  // A course whose category was renamed or removed still shows what it has.
  const knownCategory = categoryList.some((c) => c.title === draft.category);

  return (
    <Form onSubmit={submit} aria-label={courseId ? 'Update course' : 'Create course'} noValidate>
      <Field>
        <span style={{ fontWeight: 600 }}>Thumbnail</span>
        <ImageDropZone
          label={existingThumbnail ? 'Choose a new thumbnail' : 'Choose a thumbnail'}
          file={image}
          onFile={setImage}
          previewUrl={existingThumbnail}
          progress={progress}
        />
      </Field>
      {field('title', 'Title', <input />)}
      {field('desc', 'Description', <textarea rows={5} />)}
      <Columns>
        {field(
          'price',
          'Price (₹)',
          <input type="number" inputMode="numeric" min={0} step={1} />,
          '0 makes the course free',
        )}
        <Field>
          <label htmlFor="course-category">Category</label>
          <select {...control('category')} disabled={categories.status !== 'ready'}>
            <option value="">
              {categories.status === 'loading'
                ? 'Loading categories…'
                : categories.status === 'error'
                  ? 'Categories could not be loaded'
                  : 'Select category'}
            </option>
            {draft.category && !knownCategory ? (
              <option value={draft.category}>{draft.category}</option>
            ) : null}
            {categoryList.map((c) => (
              <option key={c._id} value={c.title}>
                {c.title}
              </option>
            ))}
          </select>
          {categories.status === 'error' ? (
            <Button type="button" $variant="secondary" onClick={categories.reload}>
              Load categories again
            </Button>
          ) : null}
        </Field>
        {field(
          'difficulity',
          'Level',
          <select style={{ textTransform: 'capitalize' }}>
            <option value="">Select level</option>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>,
        )}
      </Columns>
      {field('benefits', 'Benefits', <textarea />)}
      {field('prerequistes', 'Prerequisites', <textarea />)}
      <CourseContentEditor api={draftApi} />
      <Submit>
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        <Button type="submit" disabled={saving}>
          {saving ? (courseId ? 'Updating…' : 'Creating…') : courseId ? 'Update Course' : 'Create Course'}
        </Button>
      </Submit>
    </Form>
  );
}

export function CreateCoursePage() {
  return (
    <Page>
      <h1>Create a new course</h1>
      <CourseForm initial={emptyDraft} />
    </Page>
  );
}

function UpdateForm({ id }: { id: string }) {
  const api = useApi();
  const course = useApiQuery<CourseForUpdate>(['tutor', 'course', id], (signal) =>
    api.courseDetailsForUpdate(id, signal),
  );
  return (
    <ResourceView resource={course} loading="Loading the course…">
      {(found) => (
        <>
          <CourseForm
            key={id}
            courseId={id}
            initial={() => draftFromCourse(found)}
            existingThumbnail={found.thumbnail || undefined}
          />
          <LearningItems courseId={id} course={found} />
          <LiveClassesSection courseId={id} course={found} />
          <AnnouncementsSection courseId={id} />
        </>
      )}
    </ResourceView>
  );
}

export function UpdateCoursePage() {
  const { id = '' } = useParams();
  return (
    <Page>
      <h1>Update course</h1>
      <UpdateForm id={id} />
    </Page>
  );
}
