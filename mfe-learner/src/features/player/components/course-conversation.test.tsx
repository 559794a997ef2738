import { playable, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAnnouncement, anAnswer, aQuestion, emptyCommunity, TUTOR } from '../testing/community.ts';
import { mixedCourse, resumeAt } from '../testing/course.ts';
import { renderPlayer, servePlayer } from '../testing/player-server.tsx';

afterEach(() => vi.restoreAllMocks());

async function questionsTab() {
  return within(await screen.findByRole('tabpanel', { name: 'Questions' }));
}

/** The titles of the listed questions, top to bottom. */
function listedTitles(panel: ReturnType<typeof within>) {
  const list = panel.getByRole('list', { name: 'Questions about this lesson' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.querySelector('button.title')?.textContent);
}

/** Leaves the player, which reports where the video was, as it does on leaving a page. */
async function leave(unmount: () => void) {
  unmount();
  await waitFor(() => expect(requests().some((r) => r.path.startsWith('/api/v1/progress/c1/'))).toBe(true));
}

function threeQuestions() {
  const community = emptyCommunity();
  community.questions = [
    aQuestion({
      title: 'Why does recursion stop?',
      atSec: 135,
      upvotes: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
    }),
    aQuestion({
      title: 'Where are the slides?',
      upvotes: 7,
      answerCount: 1,
      instructorAnswered: true,
      acceptedAnswerId: 'x',
      createdAt: '2026-11-02T10:00:00.000Z',
    }),
    aQuestion({ title: 'Is the quiz timed?', author: TUTOR, createdAt: '2026-11-03T10:00:00.000Z' }),
    aQuestion({ title: 'About the article', itemId: 'a1' }),
  ];
  return community;
}

describe("the lesson's questions beside the player", () => {
  it('lists the lesson’s questions newest first, by upvotes, or only the unanswered, each with its marks', async () => {
    servePlayer({ course: mixedCourse(), community: threeQuestions() });
    renderPlayer();
    const panel = await questionsTab();
    await panel.findByText('Why does recursion stop?');
    expect(listedTitles(panel)).toEqual([
      'Is the quiz timed?',
      'Where are the slides?',
      'Why does recursion stop?',
    ]);
    const slides = within(panel.getByText('Where are the slides?').closest('li') as HTMLElement);
    expect(slides.getByText('✓ Answered')).toBeTruthy();
    expect(slides.getByText('Instructor answered')).toBeTruthy();
    expect(slides.getByText('7 upvotes')).toBeTruthy();
    expect(slides.getByText('1 answer')).toBeTruthy();
    const quiz = within(panel.getByText('Is the quiz timed?').closest('li') as HTMLElement);
    expect(quiz.getByText('Instructor')).toBeTruthy();
    const recursion = within(panel.getByText('Why does recursion stop?').closest('li') as HTMLElement);
    expect(recursion.getByRole('button', { name: 'Go to 02:15 in the video' })).toBeTruthy();
    expect(recursion.getByText('Why does recursion stop? — details')).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Top' }));
    await waitFor(() =>
      expect(listedTitles(panel)).toEqual([
        'Where are the slides?',
        'Why does recursion stop?',
        'Is the quiz timed?',
      ]),
    );
    fireEvent.click(panel.getByRole('button', { name: 'Unanswered' }));
    await waitFor(() =>
      expect(listedTitles(panel)).toEqual(['Is the quiz timed?', 'Why does recursion stop?']),
    );
    expect(requests().map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/v1/courses/c1/questions?itemId=v1&sort=newest',
        '/api/v1/courses/c1/questions?itemId=v1&sort=top',
        '/api/v1/courses/c1/questions?itemId=v1&sort=unanswered',
      ]),
    );
  });

  it('invites the first question when the lesson has none', async () => {
    servePlayer({ course: mixedCourse() });
    renderPlayer();
    const panel = await questionsTab();
    expect(await panel.findByText('No questions about this lesson yet — ask the first one')).toBeTruthy();
  });

  it('asks about the moment the video was stopped at: the question carries the lesson and the second', async () => {
    const server = servePlayer({ course: mixedCourse() });
    const { unmount } = renderPlayer();
    const media = playable((await screen.findByTestId('hls-player')) as HTMLVideoElement, 600);
    await media.video.play();
    media.playTo(135.6);
    const panel = await questionsTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Ask about this moment' }));
    expect(media.video.paused).toBe(true);
    expect(panel.getByText('at 02:15')).toBeTruthy();
    fireEvent.change(panel.getByLabelText('Title'), { target: { value: 'What is a base case?' } });
    fireEvent.change(panel.getByLabelText('Your question (Markdown)'), {
      target: { value: 'The example at this point has **two**.' },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Post question' }));
    expect(await panel.findByRole('heading', { name: 'What is a base case?' })).toBeTruthy();
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      title: 'What is a base case?',
      body: 'The example at this point has **two**.',
      itemId: 'v1',
      atSec: 135,
    });
    expect(server.community.questions).toHaveLength(1);
    expect(panel.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(panel.getByRole('button', { name: '← All questions' }));
    expect(await panel.findByText('What is a base case?')).toBeTruthy();
    await leave(unmount);
  });

  it('asks without a moment once the pinned second is removed', async () => {
    servePlayer({ course: mixedCourse() });
    const { unmount } = renderPlayer();
    const media = playable((await screen.findByTestId('hls-player')) as HTMLVideoElement, 600);
    media.playTo(20);
    const panel = await questionsTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Ask about this moment' }));
    fireEvent.click(panel.getByRole('button', { name: 'Remove the moment 00:20' }));
    expect(panel.queryByText('at 00:20')).toBeNull();
    fireEvent.change(panel.getByLabelText('Title'), { target: { value: 'General question' } });
    fireEvent.change(panel.getByLabelText('Your question (Markdown)'), { target: { value: 'Any order?' } });
    fireEvent.click(panel.getByRole('button', { name: 'Post question' }));
    await panel.findByRole('heading', { name: 'General question' });
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      title: 'General question',
      body: 'Any order?',
      itemId: 'v1',
    });
    await leave(unmount);
  });

  it('offers similar questions of the course while the title is typed, and opens one', async () => {
    const community = threeQuestions();
    community.answers = [anAnswer({ questionId: community.questions[0]!._id, body: 'At the base case.' })];
    servePlayer({ course: mixedCourse(), community });
    renderPlayer();
    const panel = await questionsTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Ask about this moment' }));
    fireEvent.change(panel.getByLabelText('Title'), { target: { value: 're' } });
    fireEvent.change(panel.getByLabelText('Title'), { target: { value: 'recurs' } });
    const similar = within(await panel.findByRole('region', { name: 'Similar questions' }));
    expect(similar.getAllByRole('listitem').map((li) => li.querySelector('button')?.textContent)).toEqual([
      'Why does recursion stop?',
    ]);
    const searches = requests().filter((r) => r.path.includes('q='));
    expect(searches.map((r) => r.path)).toEqual(['/api/v1/courses/c1/questions?q=recurs']);
    fireEvent.click(similar.getByRole('button', { name: 'Why does recursion stop?' }));
    expect(await panel.findByRole('heading', { name: 'Why does recursion stop?' })).toBeTruthy();
    expect(panel.getByText('At the base case.')).toBeTruthy();
  });

  it("marks each question's moment on the timeline; choosing a mark moves the video there and opens it", async () => {
    servePlayer({ course: mixedCourse(), community: threeQuestions() });
    const { unmount } = renderPlayer();
    const media = playable((await screen.findByTestId('hls-player')) as HTMLVideoElement, 600);
    const mark = await screen.findByRole('button', { name: 'Question at 02:15: Why does recursion stop?' });
    media.seekTo(10);
    fireEvent.click(mark);
    expect(media.video.currentTime).toBe(135);
    const panel = await questionsTab();
    expect(await panel.findByRole('heading', { name: 'Why does recursion stop?' })).toBeTruthy();
    media.seekTo(10);
    fireEvent.click(panel.getByRole('button', { name: 'Go to 02:15 in the video' }));
    expect(media.video.currentTime).toBe(135);
    await leave(unmount);
  });

  it('gives and takes back an upvote on a question and an answer', async () => {
    const community = threeQuestions();
    const question = community.questions[0]!;
    community.answers = [anAnswer({ questionId: question._id, body: 'Look at the base case.', upvotes: 2 })];
    const server = servePlayer({ course: mixedCourse(), community });
    renderPlayer();
    const panel = await questionsTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Why does recursion stop?' }));
    const up = await panel.findByRole('button', { name: 'Upvote this question: 1 upvote' });
    expect(up.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(up);
    const given = await panel.findByRole('button', { name: 'Upvote this question: 2 upvotes' });
    expect(given.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(given);
    const taken = await panel.findByRole('button', { name: 'Upvote this question: 1 upvote' });
    expect(taken.getAttribute('aria-pressed')).toBe('false');
    expect(requests().filter((r) => r.path === `/api/v1/questions/${question._id}/upvote`)).toHaveLength(2);

    fireEvent.click(panel.getByRole('button', { name: 'Upvote the answer by Teacher Tina: 2 upvotes' }));
    const answerUp = await panel.findByRole('button', {
      name: 'Upvote the answer by Teacher Tina: 3 upvotes',
    });
    expect(answerUp.getAttribute('aria-pressed')).toBe('true');
    expect(server.community.answers[0]?.upvoted).toBe(true);
    expect(within(panel.getByRole('list', { name: 'Answers' })).getByText('Instructor')).toBeTruthy();
  });

  it('says how long to wait when posting too fast', async () => {
    const community = threeQuestions();
    community.postingBlockedFor = 42;
    servePlayer({ course: mixedCourse(), community });
    renderPlayer();
    const panel = await questionsTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Why does recursion stop?' }));
    fireEvent.change(await panel.findByLabelText('Your answer (Markdown)'), {
      target: { value: 'It stops.' },
    });
    fireEvent.click(panel.getByRole('button', { name: 'Post answer' }));
    expect((await panel.findByRole('alert')).textContent).toBe(
      'You are posting too fast, try again in 42 seconds',
    );
    expect((panel.getByLabelText('Your answer (Markdown)') as HTMLTextAreaElement).value).toBe('It stops.');
  });

  it('lets the asker accept an answer, follow, report another post, and shows their hidden post with a note', async () => {
    const community = emptyCommunity();
    const mine = aQuestion({
      title: 'My own question',
      mine: true,
      hidden: true,
      author: { _id: 'u1', name: 'student', instructor: false },
    });
    community.questions = [mine];
    community.answers = [
      anAnswer({
        questionId: mine._id,
        body: 'Try this.',
        author: { _id: 'u3', name: 'Ravi', instructor: false },
      }),
    ];
    const server = servePlayer({ course: mixedCourse(), community });
    renderPlayer();
    const panel = await questionsTab();
    expect(await panel.findByText('Hidden by a moderator')).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: 'My own question' }));
    await panel.findByRole('heading', { name: 'My own question' });
    expect(panel.getByText('Hidden by a moderator')).toBeTruthy();
    expect(panel.getByText('0 upvotes')).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: 'Accept the answer by Ravi' }));
    expect(await panel.findByText('✓ Accepted answer')).toBeTruthy();
    expect(requests().find((r) => r.path.endsWith('/accepted'))?.body).toEqual({
      answerId: community.answers[0]?._id,
    });

    fireEvent.click(panel.getByRole('button', { name: 'Follow' }));
    expect(await panel.findByRole('button', { name: 'Following' })).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Report the answer by Ravi' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Report this answer' }));
    fireEvent.change(dialog.getByLabelText('Why should a moderator look at it?'), {
      target: { value: 'Spam link' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.community.reports).toEqual([{ answerId: community.answers[0]?._id, reason: 'Spam link' }]);
  });
});

describe("the author's own posts", () => {
  it('edits their question, deletes their answer, then the question', async () => {
    const me = { _id: 'u1', name: 'student', instructor: false };
    const community = emptyCommunity();
    const mine = aQuestion({ title: 'My first try', mine: true, author: me, answerCount: 1 });
    community.questions = [mine];
    community.answers = [
      anAnswer({ questionId: mine._id, body: 'Solved it myself.', mine: true, author: me }),
    ];
    const server = servePlayer({ course: mixedCourse(), community });
    renderPlayer();
    const panel = await questionsTab();
    fireEvent.click(await panel.findByRole('button', { name: 'My first try' }));
    fireEvent.click(await panel.findByRole('button', { name: 'Edit this question' }));
    fireEvent.change(panel.getByLabelText('Title'), { target: { value: 'My second try' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save' }));
    expect(await panel.findByRole('heading', { name: 'My second try' })).toBeTruthy();
    expect(requests().find((r) => r.method === 'PUT')?.body).toEqual({
      title: 'My second try',
      body: 'My first try — details',
    });
    expect(panel.getByText('(edited)')).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Delete the answer by student' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete answer' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(panel.queryByText('Solved it myself.')).toBeNull());
    expect(panel.getByRole('heading', { name: '0 answers' })).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Delete this question' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete question' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await panel.findByText('No questions about this lesson yet — ask the first one')).toBeTruthy();
    expect(server.community.questions).toEqual([]);
  });
});

describe('a link into the player', () => {
  it('opens the item at the second and the question’s thread', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    const community = threeQuestions();
    const question = community.questions[1]!;
    servePlayer({ course: mixedCourse(), progress: resumeAt('a1'), community });
    renderPlayer(`?item=v1&t=75&question=${question._id}`);
    const panel = await questionsTab();
    expect(await panel.findByRole('heading', { name: 'Where are the slides?' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeTruthy();
    const video = (await screen.findByTestId('hls-player')) as HTMLVideoElement;
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(75);
    expect(requests().some((r) => r.path === `/api/v1/questions/${question._id}`)).toBe(true);
  });

  it("opens the course's announcements, newest first, a page at a time", async () => {
    const community = emptyCommunity();
    community.announcements = Array.from({ length: 23 }, (_, i) => anAnnouncement(i + 1));
    servePlayer({ course: mixedCourse(), community });
    renderPlayer('?tab=announcements');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Announcements' }));
    const list = await panel.findByRole('list', { name: 'Announcements of this course' });
    const titles = () =>
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent);
    expect(titles()).toHaveLength(20);
    expect(titles()[0]).toBe('Announcement 23');
    expect(panel.getByText('News number 23')).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(titles()).toHaveLength(23));
    expect(requests().map((r) => r.path)).toContain('/api/v1/courses/c1/announcements?page=2');
  });
});
