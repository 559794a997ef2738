import { type Announcement, TooManyPostsError } from '@liveedu/api-client';
import { useApiMutation, usePagedQuery } from '@liveedu/query';
import { Banner, Button, Field, PagedItemList, theme, timeAgo, toast } from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { postProblem, tryAgainIn } from '../../../shared/api/post-limits.ts';
import { MarkdownField } from '../../../shared/components/markdown-field.tsx';
import { PostBody } from '../../../shared/components/post-body.tsx';
import { useCommunityApi } from '../../../shared/hooks/community-api.ts';
import { EditorSection } from './editor-section.tsx';

const Form = styled.form`
  display: grid;
  margin-bottom: 1.25rem;
  small { color: ${theme.colors.muted}; }
  button { justify-self: start; }
  [role='alert'] { margin: 0 0 0.75rem; }
`;

const List = styled.ul`
  article { display: grid; gap: 0.35rem; }
  time { color: ${theme.colors.muted}; font-size: 0.9rem; }
`;

const announcementsKey = (courseId: string) => ['tutor', 'announcements', courseId];

/** The daily limit as the tutor is told it, with when the next post is taken. */
function refusal(error: unknown): string {
  if (error instanceof TooManyPostsError)
    return `You can post 4 announcements a day per course; ${tryAgainIn(error)}`;
  return postProblem(error);
}

function AnnouncementForm({ courseId }: { courseId: string }) {
  const community = useCommunityApi();
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const post = useApiMutation(
    (announcement: { title: string; body: string }) => community.postAnnouncement(courseId, announcement),
    { invalidates: [announcementsKey(courseId)] },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending) return;
    const announcement = { title: title.trim(), body: body.trim() };
    const invalid =
      announcement.title.length < 3
        ? 'The title needs at least 3 characters'
        : announcement.body === ''
          ? 'Write the announcement first'
          : null;
    setProblem(invalid);
    if (invalid) return;
    try {
      await post.mutateAsync(announcement);
      setTitle('');
      setBody('');
      toast.success('The announcement is posted to your students');
    } catch (error) {
      setProblem(refusal(error));
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Post an announcement" noValidate>
      <Field>
        <label htmlFor={`${id}-title`}>Announcement title</label>
        <input id={`${id}-title`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <MarkdownField label="Announcement" rows={5} value={body} onChange={setBody} />
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <Button type="submit" aria-disabled={post.isPending || undefined}>
        {post.isPending ? 'Posting…' : 'Post announcement'}
      </Button>
    </Form>
  );
}

function AnnouncementItem({ announcement }: { announcement: Announcement }) {
  const id = useId();
  return (
    <article aria-labelledby={id}>
      <h3 id={id}>{announcement.title}</h3>
      <time dateTime={announcement.createdAt}>{timeAgo(announcement.createdAt)}</time>
      <PostBody html={announcement.bodyHtml} />
    </article>
  );
}

/**
 * A course's announcements as its tutor manages them: the form that posts one to every student of
 * the course (4 a day at most), and those posted, newest first.
 */
export function AnnouncementsSection({ courseId }: { courseId: string }) {
  const community = useCommunityApi();
  const list = usePagedQuery(announcementsKey(courseId), (page, signal) =>
    community
      .announcements(courseId, page, signal)
      .then((r) => ({ items: r.announcements, total: r.total, pages: r.pages })),
  );

  return (
    <EditorSection
      title="Announcements"
      intro="Every student of the course is told of an announcement. You can post 4 a day."
    >
      <AnnouncementForm courseId={courseId} />
      <PagedItemList
        list={list}
        loadingLabel="Loading the announcements…"
        emptyMessage="No announcements yet"
        listAs={List}
        label="Announcements posted"
        renderItem={(announcement) => <AnnouncementItem announcement={announcement} />}
      />
    </EditorSection>
  );
}
