import type { Answer, QuestionThread as Thread } from '@liveedu/api-client';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import { Banner, Button, bareList, ErrorState, Field, Loading, theme, timeAgo, toast } from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { postProblem } from '../../../shared/api/post-limits.ts';
import { MarkdownField } from '../../../shared/components/markdown-field.tsx';
import { PostBody } from '../../../shared/components/post-body.tsx';
import { useCommunityApi } from '../../../shared/hooks/community-api.ts';

/** The inbox's lists: an answer or an acceptance changes them. */
export const INBOX = ['tutor', 'questions'];
export const threadKey = (questionId: string) => ['tutor', 'questions', 'thread', questionId];

const Wrap = styled.div`
  display: grid;
  gap: 1rem;
  padding-top: 0.75rem;
  border-top: 1px solid ${theme.colors.border};
  h4 { margin: 0; font-size: 1rem; }
`;

const Answers = styled.ol`
  ${bareList}
  display: grid;
  gap: 0.75rem;
  > li {
    display: grid;
    gap: 0.4rem;
    padding: 0.75rem;
    border-radius: 8px;
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.background};
  }
  > li.accepted { border-color: ${theme.colors.success}; background: ${theme.colors.successBg}; }
  .by { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.6rem; font-size: 0.9rem; }
  .by strong { overflow-wrap: anywhere; }
  .by time { color: ${theme.colors.muted}; }
  .tag {
    padding: 0.05rem 0.5rem;
    border-radius: 999px;
    font-size: 0.8rem;
    font-weight: 600;
    color: ${theme.colors.primaryText};
    background: ${theme.colors.primary};
  }
  .tag.ok { background: ${theme.colors.success}; }
  button { justify-self: start; padding: 0.3rem 0.6rem; font-size: 0.85rem; }
`;

const Form = styled.form`
  display: grid;
  gap: 0.25rem;
  ${Field} { margin-bottom: 0.5rem; }
  button { justify-self: start; }
  [role='alert'] { margin: 0 0 0.5rem; }
`;

function AnswerItem({
  answer,
  onAccept,
  accepting,
}: {
  answer: Answer;
  onAccept: (answer: Answer) => void;
  accepting: boolean;
}) {
  const id = useId();
  return (
    <li className={answer.accepted ? 'accepted' : undefined} aria-labelledby={`${id}-by`}>
      <div className="by" id={`${id}-by`}>
        <strong>{answer.author.name}</strong>
        {answer.author.instructor ? <span className="tag">Instructor</span> : null}
        {answer.accepted ? <span className="tag ok">Accepted answer</span> : null}
        <time dateTime={answer.createdAt}>{timeAgo(answer.createdAt)}</time>
      </div>
      <PostBody html={answer.bodyHtml} />
      {answer.accepted ? null : (
        <Button
          type="button"
          $variant="secondary"
          aria-disabled={accepting || undefined}
          aria-label={`Accept the answer of ${answer.author.name}`}
          onClick={() => onAccept(answer)}
        >
          Accept
        </Button>
      )}
    </li>
  );
}

function AnswerForm({ questionId, title }: { questionId: string; title: string }) {
  const community = useCommunityApi();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const post = useApiMutation((body: string) => community.answerQuestion(questionId, body), {
    invalidates: [INBOX],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (post.isPending) return;
    const body = text.trim();
    if (!body) {
      setProblem('Write your answer first');
      return;
    }
    setProblem(null);
    try {
      await post.mutateAsync(body);
      setText('');
      toast.success('Your answer is posted');
    } catch (error) {
      setProblem(postProblem(error));
    }
  };

  return (
    <Form onSubmit={submit} aria-label={`Answer: ${title}`} noValidate>
      <MarkdownField label="Your answer" value={text} onChange={setText} />
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <Button type="submit" aria-disabled={post.isPending || undefined}>
        {post.isPending ? 'Posting…' : 'Post answer'}
      </Button>
    </Form>
  );
}

/** The whole thread of a question: its body, its answers (the instructor's marked), Accept, and the answer form. */
export function QuestionThread({
  questionId,
  showTitle = false,
}: {
  questionId: string;
  showTitle?: boolean;
}) {
  const community = useCommunityApi();
  const thread = useApiQuery<Thread>(threadKey(questionId), (signal) =>
    community.question(questionId, signal),
  );
  const accept = useApiMutation((answer: Answer) => community.acceptAnswer(questionId, answer._id), {
    invalidates: [INBOX],
  });
  const onAccept = async (answer: Answer) => {
    try {
      await accept.mutateAsync(answer);
      toast.success(`The answer of ${answer.author.name} is accepted`);
    } catch (error) {
      toast.error(postProblem(error));
    }
  };

  if (thread.status === 'loading') return <Loading label="Loading the thread…" />;
  if (thread.status === 'error') return <ErrorState message={thread.error} onRetry={thread.reload} />;
  const { question, answers } = thread.data;
  return (
    <Wrap>
      {showTitle ? <h3>{question.title}</h3> : null}
      <PostBody html={question.bodyHtml} />
      <h4>{answers.length === 0 ? 'No answers yet' : `Answers (${answers.length})`}</h4>
      {answers.length > 0 ? (
        <Answers aria-label="Answers">
          {answers.map((answer) => (
            <AnswerItem key={answer._id} answer={answer} onAccept={onAccept} accepting={accept.isPending} />
          ))}
        </Answers>
      ) : null}
      <AnswerForm questionId={questionId} title={question.title} />
    </Wrap>
  );
}
