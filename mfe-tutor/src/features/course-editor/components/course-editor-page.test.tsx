import { type ApiRequest, answerRoutes, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TutorApp from '../../../app/remote-app.tsx';
import { renderPage } from '../../../shared/testing/render-page.tsx';

const CATEGORIES = {
  body: {
    data: [
      { _id: 'c1', title: 'Web Development', img: '' },
      { _id: 'c2', title: 'Data Science', img: '' },
    ],
  },
};

const CREATED = {
  'POST /api/v1/create-course': {
    status: 201,
    body: { message: 'Course created successfully', _id: 'new-1' },
  },
};

/** The multipart uploads the editor sent (everything it read was a GET). */
/** A course with nothing announced yet, as the update page's announcements read it. */
const NO_ANNOUNCEMENTS = { announcements: [], page: 1, pages: 0, total: 0 };
/** A course with no live class scheduled, as the update page's live classes read it. */
const NO_LIVE_CLASSES = { sessions: [], page: 1, pages: 0, total: 0 };

const uploads = () => requests().filter((r) => r.method !== 'GET');
const formOf = (request: ApiRequest | undefined) => request?.body as FormData;

const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

function fillCourse() {
  type('Title', 'Practical TypeScript for web developers');
  type('Description', 'Types that help you ship.');
  type('Price (₹)', '1499');
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Web Development' } });
  fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'beginner' } });
  type('Benefits', 'Fewer bugs');
  type('Prerequisites', 'Some JavaScript');
}

function fillItem(scope: HTMLElement, n: number) {
  type('Video title', `Lesson ${n}`, scope);
  type('Video description', `What lesson ${n} covers`, scope);
  type('Video link', `https://videos.example.com/${n}`, scope);
}

function chooseThumbnail(bytes: number[] = [1]) {
  const image = new File([new Uint8Array(bytes)], 'cover.png', { type: 'image/png' });
  fireEvent.change(screen.getByLabelText(/Choose a thumbnail/), { target: { files: [image] } });
}

/** Opens the create page once its categories have arrived; `routes` answer what it sends. */
async function openCreatePage(routes: Parameters<typeof answerRoutes>[0] = CREATED) {
  answerRoutes({ 'GET /api/v1/get-all-category': CATEGORIES, ...routes });
  renderPage(<TutorApp page="create-course" />, { path: '/create-a-new-course' });
  await screen.findByRole('option', { name: 'Web Development' });
}

/**
 * Opens the update page of `course` (with no announcements or live classes under the form), whose
 * Update Course is answered with success; `routes` answer the other reads of the page.
 */
function openUpdatePage(course: { _id: string }, routes: Parameters<typeof answerRoutes>[0] = {}) {
  const id = course._id;
  answerRoutes({
    'GET /api/v1/get-all-category': CATEGORIES,
    [`GET /api/v1/get-course-details-to-updateByTutor/${id}`]: { body: course },
    [`GET /api/v1/courses/${id}/announcements`]: { body: NO_ANNOUNCEMENTS },
    [`GET /api/v1/courses/${id}/live-sessions`]: { body: NO_LIVE_CLASSES },
    ...routes,
    [`PUT /api/v1/update-course/${id}`]: { body: { message: 'Course updated successfully', _id: id } },
  });
  renderPage(<TutorApp page="update-course" />, {
    path: `/update-a-course/${id}`,
    pattern: '/update-a-course/:id',
  });
}

describe('create a course', () => {
  it('checks the fields, the content and the thumbnail with the spec’s messages', async () => {
    await openCreatePage();
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');
    fillCourse();
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    // The one content item is still empty.
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    fillItem(screen.getByRole('group', { name: 'Video 1' }), 1);
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select an image first.');
    expect(uploads()).toHaveLength(0);
  });

  it('builds sections of items, sends them with the thumbnail and resets to one empty section', async () => {
    await openCreatePage();
    fillCourse();
    fillItem(screen.getByRole('group', { name: 'Section 1' }), 1);
    fireEvent.click(screen.getByRole('button', { name: 'Add more content' }));
    const section1 = screen.getByRole('group', { name: 'Section 1' });
    const second = within(section1).getByRole('group', { name: 'Video 2' });
    expect(within(second).getByText('Untitled Section')).toBeTruthy();
    fillItem(second, 2);
    // Rename the first item's section title.
    const first = within(section1).getByRole('group', { name: 'Video 1' });
    fireEvent.click(within(first).getByRole('button', { name: 'Edit title' }));
    type('Section title', 'Getting started', first);
    fireEvent.click(within(first).getByRole('button', { name: 'Done' }));
    expect(within(first).getByText('Getting started')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    const section2 = screen.getByRole('group', { name: 'Section 2' });
    fillItem(section2, 3);
    fireEvent.click(within(section2).getByRole('button', { name: 'Add more content' }));
    fireEvent.click(
      within(within(section2).getByRole('group', { name: 'Video 2' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(within(section2).queryByRole('group', { name: 'Video 2' })).toBeNull();

    chooseThumbnail([137, 80, 78, 71]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText('Course created successfully')).toBeTruthy();
    expect(uploads()).toHaveLength(1);
    const sent = uploads()[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/api/v1/create-course');
    expect(sent?.headers).toMatchObject({ authorization: 'Bearer token-1', id: 'tutor-1' });
    expect((formOf(sent).get('image') as File).name).toBe('cover.png');
    const data = JSON.parse(String(formOf(sent).get('Data')));
    expect(data).toMatchObject({
      title: 'Practical TypeScript for web developers',
      price: 1499,
      category: 'Web Development',
      difficulity: 'beginner',
      benefits: 'Fewer bugs',
      prerequistes: 'Some JavaScript',
    });
    expect(data.courseContent).toEqual([
      [
        {
          sectionTitle: 'Getting started',
          videoTitle: 'Lesson 1',
          videoDesc: 'What lesson 1 covers',
          videoLink: 'https://videos.example.com/1',
        },
        {
          sectionTitle: 'Untitled Section',
          videoTitle: 'Lesson 2',
          videoDesc: 'What lesson 2 covers',
          videoLink: 'https://videos.example.com/2',
        },
      ],
      [
        {
          sectionTitle: 'Untitled Section',
          videoTitle: 'Lesson 3',
          videoDesc: 'What lesson 3 covers',
          videoLink: 'https://videos.example.com/3',
        },
      ],
    ]);
    // Reset: one empty section, empty fields.
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect(screen.getAllByRole('group', { name: /^Section \d$/ })).toHaveLength(1);
    expect((screen.getByLabelText('Video title') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s message when the create fails', async () => {
    await openCreatePage({
      'POST /api/v1/create-course': {
        status: 400,
        body: { message: 'Video links must be http:// or https:// addresses' },
      },
    });
    fillCourse();
    fillItem(screen.getByRole('group', { name: 'Video 1' }), 1);
    chooseThumbnail();
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Video links must be http:// or https:// addresses')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Practical TypeScript for web developers',
    );
  });
});

describe('items of other kinds', () => {
  const chooseKind = (item: HTMLElement, kind: string) =>
    fireEvent.change(within(item).getByLabelText('Kind'), { target: { value: kind } });

  it('builds an article with a live preview, a quiz and an assignment beside a video, and sends their kinds and the sequential flag', async () => {
    await openCreatePage();
    fillCourse();
    const section = screen.getByRole('group', { name: 'Section 1' });
    fillItem(within(section).getByRole('group', { name: 'Video 1' }), 1);
    for (let n = 0; n < 3; n++)
      fireEvent.click(within(section).getByRole('button', { name: 'Add more content' }));

    chooseKind(within(section).getByRole('group', { name: 'Video 2' }), 'article');
    const article = within(section).getByRole('group', { name: 'Article 2' });
    // An article has no video: no link, no upload.
    expect(within(article).queryByLabelText('Video link')).toBeNull();
    expect(within(article).queryByLabelText('Or upload a video')).toBeNull();
    type('Article title', 'Reading: types', article);
    chooseThumbnail();
    // Its text is required.
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    type('Article (Markdown)', 'Types catch **mistakes**.\n\n## Why types\n\nBefore users do.', article);
    const preview = within(article).getByRole('region', { name: 'Preview of the article' });
    expect(await within(preview).findByRole('heading', { name: 'Why types' })).toBeTruthy();
    expect(within(preview).getByText('mistakes').tagName).toBe('STRONG');
    fireEvent.click(within(article).getByLabelText('Free preview'));

    chooseKind(within(section).getByRole('group', { name: 'Video 3' }), 'quiz');
    const quiz = within(section).getByRole('group', { name: 'Quiz 3' });
    expect(within(quiz).queryByLabelText('Video link')).toBeNull();
    type('Quiz title', 'Checkpoint', quiz);
    chooseKind(within(section).getByRole('group', { name: 'Video 4' }), 'assignment');
    type(
      'Assignment title',
      'Write a typed function',
      within(section).getByRole('group', { name: 'Assignment 4' }),
    );

    const sequential = screen.getByLabelText(
      'Sequential: unlock each item after the previous one is completed',
    );
    expect((sequential as HTMLInputElement).checked).toBe(false);
    fireEvent.click(sequential);
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText('Course created successfully')).toBeTruthy();
    const data = JSON.parse(String(formOf(uploads()[0]).get('Data')));
    expect(data.sequential).toBe(true);
    expect(data.courseContent).toEqual([
      [
        {
          sectionTitle: 'Untitled Section',
          videoTitle: 'Lesson 1',
          videoDesc: 'What lesson 1 covers',
          videoLink: 'https://videos.example.com/1',
        },
        {
          sectionTitle: 'Untitled Section',
          videoTitle: 'Reading: types',
          kind: 'article',
          body: 'Types catch **mistakes**.\n\n## Why types\n\nBefore users do.',
          preview: true,
        },
        { sectionTitle: 'Untitled Section', videoTitle: 'Checkpoint', kind: 'quiz' },
        { sectionTitle: 'Untitled Section', videoTitle: 'Write a typed function', kind: 'assignment' },
      ],
    ]);
    // The form is back to one empty video, not sequential.
    await waitFor(() => expect(screen.getByRole('group', { name: 'Video 1' })).toBeTruthy());
    expect((screen.getByLabelText(/^Sequential/) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps what was typed for a video when its kind changes and back, a free preview only on a video or an article, and refuses an article too long', async () => {
    await openCreatePage();
    fillCourse();
    const item = () => screen.getByRole('group', { name: /^(Video|Article|Quiz|Assignment) 1$/ });
    fillItem(item(), 1);
    fireEvent.click(within(item()).getByLabelText('Free preview'));
    chooseKind(item(), 'article');
    expect((within(item()).getByLabelText('Article title') as HTMLInputElement).value).toBe('Lesson 1');
    // An article can be a free preview too, read instead of watched.
    expect((within(item()).getByLabelText('Free preview') as HTMLInputElement).checked).toBe(true);
    expect(within(item()).getByText(/Anyone can read it from the course page/)).toBeTruthy();
    type('Article (Markdown)', 'x'.repeat(50_001), item());
    expect(within(item()).getByText('50,001 of 50,000 characters · Markdown')).toBeTruthy();
    chooseThumbnail();
    fireEvent.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByRole('alert').textContent).toBe('An article may be at most 50,000 characters');
    // A quiz is no free preview: the mark goes with the change of kind.
    chooseKind(item(), 'quiz');
    expect(within(item()).queryByLabelText('Free preview')).toBeNull();
    chooseKind(item(), 'video');
    expect((within(item()).getByLabelText('Video link') as HTMLInputElement).value).toBe(
      'https://videos.example.com/1',
    );
    expect((within(item()).getByLabelText('Free preview') as HTMLInputElement).checked).toBe(false);
    expect(uploads()).toHaveLength(0);
  });
});

describe('update a course', () => {
  const course = {
    _id: 'course-9',
    title: 'Statistics with Python',
    desc: 'From means to models.',
    thumbnail: 'http://files.example/thumb.png',
    price: 999,
    category: 'Data Science',
    difficulity: 'intermediate',
    benefits: 'Confidence with data',
    prerequistes: 'Basic Python',
    courseContent: [
      [
        {
          sectionTitle: 'Basics',
          videoTitle: 'Means',
          videoDesc: 'Averages',
          videoLink: 'https://v.example/1',
        },
      ],
      [
        {
          sectionTitle: 'Models',
          videoTitle: 'Regression',
          videoDesc: 'Lines',
          videoLink: 'https://v.example/2',
        },
      ],
    ],
  };

  it('presets every field, category included, and goes to the course page after Update Course', async () => {
    openUpdatePage(course);
    await screen.findByRole('option', { name: 'Data Science' });
    await waitFor(() =>
      expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Data Science'),
    );
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Statistics with Python');
    expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('999');
    expect((screen.getByLabelText('Level') as HTMLSelectElement).value).toBe('intermediate');
    expect(screen.getAllByRole('group', { name: /^Section \d$/ })).toHaveLength(2);
    expect(screen.getByText('Models')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Title'), {
      target: { value: 'Statistics with Python, 2nd edition' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Course page')).toBeTruthy();
    const sent = uploads()[0];
    expect(sent?.method).toBe('PUT');
    expect(sent?.path).toBe('/api/v1/update-course/course-9');
    expect(formOf(sent).get('image')).toBeNull();
    expect(JSON.parse(String(formOf(sent).get('Data')))).toMatchObject({
      title: 'Statistics with Python, 2nd edition',
      category: 'Data Science',
      price: 999,
    });
  });

  it('takes a price of 0, saying that it makes the course free, and sends it as 0', async () => {
    openUpdatePage(course);
    await waitFor(() => expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('999'));
    const price = screen.getByLabelText('Price (₹)') as HTMLInputElement;
    expect(price.min).toBe('0');
    expect(price.getAttribute('aria-describedby')).toBe('course-price-hint');
    expect(document.getElementById('course-price-hint')?.textContent).toBe('0 makes the course free');
    type('Price (₹)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Course page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(JSON.parse(String(formOf(uploads()[0]).get('Data')))).toMatchObject({ price: 0 });
  });
});

describe('update a course of several kinds', () => {
  const course = {
    _id: 'course-7',
    title: 'Typed JavaScript',
    desc: 'Types in practice.',
    thumbnail: 'http://files.example/thumb.png',
    price: 499,
    category: 'Web Development',
    difficulity: 'beginner',
    benefits: 'Fewer bugs',
    prerequistes: 'JavaScript',
    sequential: true,
    courseContent: [
      [
        {
          _id: 'i-video',
          sectionTitle: 'Start',
          videoTitle: 'Why types',
          videoDesc: 'The case for types',
          videoLink: 'https://v.example/1',
        },
        {
          _id: 'i-article',
          sectionTitle: 'Start',
          videoTitle: 'Reading',
          kind: 'article',
          body: 'Read *this*.',
        },
        { _id: 'i-quiz', sectionTitle: 'Start', videoTitle: 'Checkpoint', kind: 'quiz' },
        {
          _id: 'i-task',
          sectionTitle: 'Start',
          videoTitle: 'Essay',
          kind: 'assignment',
          videoDesc: 'One page',
        },
      ],
    ],
  };

  it('presets each kind and the order rule, sends the kinds back with the ids, and edits quizzes and assignments of saved items', async () => {
    openUpdatePage(course, {
      'GET /api/v1/courses/course-7/items/i-quiz/quiz': { status: 404, body: { message: 'No quiz yet' } },
      'GET /api/v1/courses/course-7/items/i-video/quiz': { status: 404, body: { message: 'No quiz yet' } },
      'GET /api/v1/courses/course-7/items/i-task/assignment': {
        status: 404,
        body: { message: 'No assignment yet' },
      },
    });
    const form = await screen.findByRole('form', { name: 'Update course' });
    expect((screen.getByLabelText(/^Sequential/) as HTMLInputElement).checked).toBe(true);
    const article = within(form).getByRole('group', { name: 'Article 2' });
    expect((within(article).getByLabelText('Kind') as HTMLSelectElement).value).toBe('article');
    expect((within(article).getByLabelText('Article (Markdown)') as HTMLTextAreaElement).value).toBe(
      'Read *this*.',
    );
    expect(within(form).getByRole('group', { name: 'Quiz 3' })).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'Assignment 4' })).toBeTruthy();

    // Saved items with questions or a brief of their own each have an editor; the article has none.
    const extras = screen.getByRole('region', { name: 'Quizzes and assignments' });
    expect(within(extras).getAllByRole('group')).toHaveLength(3);
    const quizItem = within(extras).getByRole('group', { name: '1.3 Checkpoint (Quiz)' });
    const open = within(quizItem).getByRole('button', { name: 'Edit the quiz' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(await within(quizItem).findByRole('form', { name: 'Quiz: Checkpoint' })).toBeTruthy();
    const videoItem = within(extras).getByRole('group', { name: '1.1 Why types (Video)' });
    fireEvent.click(within(videoItem).getByRole('button', { name: 'Questions in the video' }));
    expect(await within(videoItem).findByLabelText('Asked at (m:ss)')).toBeTruthy();
    const taskItem = within(extras).getByRole('group', { name: '1.4 Essay (Assignment)' });
    fireEvent.click(within(taskItem).getByRole('button', { name: 'Edit the assignment' }));
    expect(await within(taskItem).findByRole('form', { name: 'Assignment: Essay' })).toBeTruthy();
    // Typing in them is not the course's form: Update Course still sends the course alone.
    fireEvent.change(within(quizItem).getByLabelText('Question text'), {
      target: { value: 'Is a type a set?' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Course page')).toBeTruthy();
    const data = JSON.parse(String(formOf(uploads()[0]).get('Data')));
    expect(uploads()).toHaveLength(1);
    expect(data.sequential).toBe(true);
    // Every item goes back as it was read: its id, its kind and what the kind holds.
    expect(data.courseContent).toEqual(course.courseContent);
  });
});

describe('who may edit', () => {
  it('sends a student to /profile once the server confirms the role', async () => {
    answerRoutes({
      'GET /api/v1/getUserData': {
        body: { role: 'student', stausOfPage: 'none', username: 's', email: '', avatar: '', desc: '' },
      },
    });
    renderPage(<TutorApp page="create-course" />, { path: '/create-a-new-course', role: 'student' });
    expect(await screen.findByText('Profile page')).toBeTruthy();
  });

  it('lets a student approved since logging in through without a new log-in', async () => {
    answerRoutes({
      'GET /api/v1/getUserData': {
        body: { role: 'tutor', stausOfPage: 'accept', username: 's', email: '', avatar: '', desc: '' },
      },
      'GET /api/v1/get-all-category': CATEGORIES,
    });
    renderPage(<TutorApp page="create-course" />, { path: '/create-a-new-course', role: 'student' });
    expect(await screen.findByRole('button', { name: 'Create Course' })).toBeTruthy();
  });
});
