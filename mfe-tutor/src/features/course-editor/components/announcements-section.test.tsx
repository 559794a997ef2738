import type { Announcement } from '@liveedu/api-client';
import { answer, json, requests, unexpected } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { AnnouncementsSection } from './announcements-section.tsx';

function announcement(n: number): Announcement {
  return {
    _id: `an${n}`,
    courseId: 'c1',
    title: `Week ${n} is open`,
    body: `Start with **lesson ${n}**.`,
    bodyHtml: `<p>Start with <strong>lesson ${n}</strong>.</p>`,
    author: { _id: 'tutor-1', name: 'Meera', instructor: true },
    createdAt: new Date(Date.now() - n * 24 * 60 * 60_000).toISOString(),
  };
}

/**
 * The community service's announcements of course c1, newest first; a post adds one, until four
 * were posted in a day: then 429 with Retry-After (`retryAfter` seconds).
 */
function announcementServer(
  all: Announcement[],
  options: { postedToday?: number; retryAfter?: string } = {},
) {
  let today = options.postedToday ?? 0;
  answer((request) => {
    if (request.path.startsWith('/api/v1/courses/c1/announcements') && request.method === 'GET') {
      return json({ announcements: all, page: 1, pages: 1, total: all.length });
    }
    if (request.path === '/api/v1/courses/c1/announcements' && request.method === 'POST') {
      if (today >= 4) {
        return new Response(JSON.stringify({ message: 'At most 4 announcements a day per course' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': options.retryAfter ?? '3600' },
        });
      }
      today += 1;
      const { title, body } = request.body as { title: string; body: string };
      const posted = {
        ...announcement(0),
        _id: `new${today}`,
        title,
        body,
        bodyHtml: `<p>${body}</p>`,
        createdAt: new Date().toISOString(),
      };
      all.unshift(posted);
      return json(posted, 201);
    }
    return unexpected(request);
  });
}

const openSection = () =>
  renderPage(<AnnouncementsSection courseId="c1" />, {
    path: '/update-a-course/c1',
    pattern: '/update-a-course/:id',
  });

function write(form: HTMLElement, title: string, body: string) {
  fireEvent.change(within(form).getByLabelText('Announcement title'), { target: { value: title } });
  fireEvent.change(within(form).getByLabelText('Announcement'), { target: { value: body } });
  fireEvent.click(within(form).getByRole('button', { name: 'Post announcement' }));
}

describe("a course's announcements", () => {
  it('lists those posted, newest first, with their Markdown rendered', async () => {
    announcementServer([announcement(1), announcement(2)]);
    openSection();
    const list = await screen.findByRole('list', { name: 'Announcements posted' });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Week 1 is open',
      'Week 2 is open',
    ]);
    expect(within(items[0]!).getByText('lesson 1').tagName).toBe('STRONG');
    expect(within(items[0]!).getByText('1 day ago')).toBeTruthy();
  });

  it('posts one, which joins the list, and checks the title first', async () => {
    announcementServer([]);
    openSection();
    expect(await screen.findByText('No announcements yet')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Post an announcement' });
    write(form, 'Hi', 'Welcome!');
    expect(within(form).getByRole('alert').textContent).toBe('The title needs at least 3 characters');
    expect(requests().some((r) => r.method === 'POST')).toBe(false);

    write(form, 'Welcome to the course', 'Say hello in the questions.');
    const list = await screen.findByRole('list', { name: 'Announcements posted' });
    expect(within(list).getByRole('heading', { name: 'Welcome to the course' })).toBeTruthy();
    expect(await screen.findByText('The announcement is posted to your students')).toBeTruthy();
    expect((within(form).getByLabelText('Announcement title') as HTMLInputElement).value).toBe('');
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Welcome to the course',
      body: 'Say hello in the questions.',
    });
  });

  it('says when the next one can be posted once four were posted today', async () => {
    announcementServer([announcement(1)], { postedToday: 4, retryAfter: '12000' });
    openSection();
    await screen.findByRole('list', { name: 'Announcements posted' });
    const form = screen.getByRole('form', { name: 'Post an announcement' });
    write(form, 'One more thing', 'A fifth one today.');
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'You can post 4 announcements a day per course; try again in 3 hours 20 minutes',
      ),
    );
    // What was written stays, to post later.
    expect((within(form).getByLabelText('Announcement title') as HTMLInputElement).value).toBe(
      'One more thing',
    );
  });

  it('shows a failed load with a retry', async () => {
    answer(() => json({ message: 'Announcements are unavailable' }, 503));
    openSection();
    expect(await screen.findByText('Announcements are unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
