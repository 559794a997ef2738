import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedTutor, signUpAndLogIn } from './support/accounts.ts';
import { type Auth, call } from './support/api.ts';
import { type BrowserSession, openBrowser, platform, shows } from './support/browser.ts';
import { logInOnPage, publishCourse } from './support/commerce.ts';

/**
 * A live class as its people see it, each in a browser of their own with a camera and a
 * microphone (Chromium's fake devices): the tutor opens the room and goes live, an enrolled
 * student joins and sees and hears the tutor through the media server, says hello in the chat
 * and the tutor reads it; someone who is not enrolled is refused; the tutor records the class and
 * ends it, and the recording becomes a lecture of the course. The steps share the browsers, so
 * they run in order.
 */

const stamp = Date.now().toString(36);
const MEDIA = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];
const SESSION_TITLE = `Office hours ${stamp}`;
const HELLO = `Hello from the back row ${stamp}`;

let tutorBrowser: BrowserSession;
let studentBrowser: BrowserSession;
let tutorPage: Page;
let studentPage: Page;
let tutor: Auth;
let student: Auth;
let outsider: Auth;
let courseId = '';
let sessionId = '';

interface LiveSession {
  _id: string;
  state: string;
  recording: null | { videoId: string; itemId: string };
}

/** What the test reads of a page's WebRTC connections (the browser's own objects). */
interface PeerConnection {
  connectionState: string;
  getStats(): Promise<Map<string, { type: string; kind?: string; framesDecoded?: number }>>;
}
interface PageWindow {
  RTCPeerConnection: new (...args: unknown[]) => PeerConnection;
  __peerConnections?: PeerConnection[];
}

/**
 * Keeps every RTCPeerConnection the page makes, so the test can read the page's own WebRTC
 * statistics (frames decoded) as chrome://webrtc-internals would. Runs in the page.
 */
const KEEP_PEER_CONNECTIONS = () => {
  const page = globalThis as unknown as PageWindow;
  const Original = page.RTCPeerConnection;
  const kept: PeerConnection[] = [];
  page.__peerConnections = kept;
  page.RTCPeerConnection = class extends Original {
    constructor(...args: unknown[]) {
      super(...args);
      kept.push(this);
    }
  };
};

/** Video frames the page decoded from what it receives, over all its connections (getStats). */
function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const kept = (globalThis as unknown as PageWindow).__peerConnections ?? [];
    let frames = 0;
    for (const pc of kept) {
      if (pc.connectionState === 'closed') continue;
      for (const report of (await pc.getStats()).values()) {
        if (report.type === 'inbound-rtp' && report.kind === 'video') frames += report.framesDecoded ?? 0;
      }
    }
    return frames;
  });
}

const chat = (page: Page) => page.getByRole('list', { name: 'Chat' });

beforeAll(async () => {
  tutorBrowser = await openBrowser({ args: MEDIA });
  studentBrowser = await openBrowser({ args: MEDIA });
  tutorPage = tutorBrowser.page;
  studentPage = studentBrowser.page;
  for (const page of [tutorPage, studentPage]) await page.addInitScript(KEEP_PEER_CONNECTIONS);
  for (const context of [tutorBrowser.context, studentBrowser.context]) {
    await context.grantPermissions(['camera', 'microphone'], { origin: platform().url });
  }
});

afterAll(async () => {
  await Promise.allSettled([tutorBrowser?.close(), studentBrowser?.close()]);
});

describe('a live class with its tutor and an enrolled student', () => {
  it('a tutor schedules a class for a course a student is enrolled in', async () => {
    tutor = await approvedTutor(`ltutor${stamp}`);
    courseId = await publishCourse(tutor, { title: `Live course ${stamp}`, price: 0, colour: [20, 90, 160] });
    student = await signUpAndLogIn(`lstudent${stamp}`);
    outsider = await signUpAndLogIn(`loutsider${stamp}`);
    await call('POST', `/api/v1/enroll-free/${courseId}`, { as: student });
    // Starts in two minutes: the room is open for joining from ten minutes before.
    const created = await call<{ session: LiveSession }>(
      'POST',
      `/api/v1/courses/${courseId}/live-sessions`,
      {
        as: tutor,
        body: {
          title: SESSION_TITLE,
          startsAt: new Date(Date.now() + 2 * 60_000).toISOString(),
          durationMin: 30,
          description: 'Bring your questions.',
        },
      },
    );
    sessionId = created.session._id;
    expect(created.session.state).toBe('open');
  }, 300_000);

  it('the tutor goes live with camera and microphone', async () => {
    await logInOnPage(tutorPage, `ltutor${stamp}`);
    await tutorBrowser.open(`/live/${sessionId}`);
    await shows(tutorPage.getByRole('heading', { name: SESSION_TITLE }));
    await tutorPage.getByRole('button', { name: 'Join' }).click();
    await shows(tutorPage.getByRole('button', { name: 'Mute microphone' }), 30_000);
    await shows(tutorPage.getByRole('button', { name: 'Turn camera off' }));
    await shows(tutorPage.getByRole('button', { name: 'Record' }));
  }, 120_000);

  it("the student joins and receives the tutor's video within 10 seconds", async () => {
    await logInOnPage(studentPage, `lstudent${stamp}`);
    await studentBrowser.open(`/live/${sessionId}`);
    await shows(studentPage.getByRole('heading', { name: SESSION_TITLE }));
    const joinedAt = Date.now();
    await studentPage.getByRole('button', { name: 'Join' }).click();
    await expect
      .poll(() => framesDecoded(studentPage), { timeout: 10_000, interval: 250 })
      .toBeGreaterThan(0);
    const receivedAfter = Date.now() - joinedAt;
    expect(receivedAfter).toBeLessThan(10_000);
    await shows(studentPage.getByTestId('live-stage-video'));
    // A viewer publishes nothing of their own until the host lets them speak.
    expect(await studentPage.getByRole('button', { name: 'Mute microphone' }).count()).toBe(0);
    await shows(studentPage.getByRole('button', { name: 'Raise hand' }));
  }, 120_000);

  it('the student says hello in the chat and the tutor reads it', async () => {
    await studentPage.getByLabel('Message').fill(HELLO);
    await studentPage.getByRole('button', { name: 'Send' }).click();
    await shows(chat(studentPage).getByText(HELLO));
    await shows(chat(tutorPage).getByText(HELLO), 10_000);
    await tutorBrowser.screenshot('live-class-host');
    await studentBrowser.screenshot('live-class-viewer');
  }, 60_000);

  it('someone not enrolled is refused a place in the room', async () => {
    const answer = await fetch(`${platform().url}/api/v1/live-sessions/${sessionId}/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${outsider.token}`, id: outsider._id },
    });
    expect(answer.status).toBe(403);
    const visitor = await fetch(`${platform().url}/api/v1/live-sessions/${sessionId}/join`, {
      method: 'POST',
    });
    expect(visitor.status).toBe(401);
  });

  it('the media server told who attended: the student is present', async () => {
    await expect
      .poll(
        async () => {
          const { attendees } = await call<{ attendees: Array<{ userId: string; present: boolean }> }>(
            'GET',
            `/api/v1/live-sessions/${sessionId}/attendance`,
            { as: tutor },
          );
          return attendees.find((a) => a.userId === student._id)?.present ?? false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
  }, 60_000);

  it('the tutor records the class and ends it; the recording becomes a lecture of the course', async () => {
    await tutorPage.getByRole('button', { name: 'Record' }).click();
    await shows(tutorPage.getByRole('button', { name: 'Stop recording' }));
    await tutorPage.waitForTimeout(4_000);
    await tutorPage.getByRole('button', { name: 'End class' }).click();
    const confirm = tutorPage.getByRole('dialog').getByRole('button', { name: 'End class' });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await shows(studentPage.getByText('This live class has ended'), 30_000);
    await expect
      .poll(
        async () =>
          (await call<{ session: LiveSession }>('GET', `/api/v1/live-sessions/${sessionId}`, { as: tutor }))
            .session.recording,
        { timeout: 120_000, interval: 1_000 },
      )
      .not.toBeNull();
    const { session } = await call<{ session: LiveSession }>('GET', `/api/v1/live-sessions/${sessionId}`, {
      as: student,
    });
    const course = await call<{
      courseContent: Array<Array<{ _id: string; sectionTitle: string; videoTitle: string }>>;
    }>('GET', `/api/v1/get-course-details-to-updateByTutor/${courseId}`, { as: tutor });
    const section = course.courseContent.find((items) => items[0]?.sectionTitle === 'Live sessions');
    expect(section?.map((item) => item._id)).toContain(session.recording?.itemId);
    expect(section?.find((item) => item._id === session.recording?.itemId)?.videoTitle).toContain(
      SESSION_TITLE,
    );
  }, 240_000);
});
