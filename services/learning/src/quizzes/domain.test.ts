import { describe, expect, it } from 'vitest';
import {
  gradeAttempt,
  normaliseAnswer,
  prepareQuestions,
  type Question,
  type QuestionInput,
} from './domain.ts';

let counter = 0;
const fresh = () => (++counter).toString(16).padStart(24, '0');

const single: QuestionInput = {
  type: 'single',
  prompt: 'Which planet is largest?',
  options: [{ text: 'Mars' }, { text: 'Jupiter' }, { text: 'Venus' }],
  correct: ['1'],
  explanation: 'Jupiter is the largest.',
};
const short: QuestionInput = { type: 'short', prompt: 'Capital of France?', accepted: ['Paris'] };

function prepared(input: QuestionInput[], stored: Question[] = [], onVideo = false): Question[] {
  const checked = prepareQuestions(input, stored, onVideo, fresh);
  if (!checked.ok) throw new Error(checked.message);
  return checked.value;
}

describe('a tutor writing a quiz', () => {
  it('gives new questions and options ids and names the right option by position', () => {
    const [question] = prepared([single]);
    expect(question?._id).toMatch(/^[0-9a-f]{24}$/);
    expect(question?.correct).toEqual([question?.options[1]?._id]);
  });

  it('keeps the ids of questions and options sent back, and refuses ids the quiz never had', () => {
    const first = prepared([single]);
    const q = first[0]!;
    const again = prepared(
      [
        {
          ...single,
          _id: q._id,
          options: q.options.map((o) => ({ _id: o._id, text: o.text })),
          correct: [q.options[2]!._id],
        },
      ],
      first,
    );
    expect(again[0]?._id).toBe(q._id);
    expect(again[0]?.correct).toEqual([q.options[2]?._id]);
    const unknown = prepareQuestions([{ ...single, _id: 'f'.repeat(24) }], first, false, fresh);
    expect(unknown).toEqual({ ok: false, message: 'Unknown question in the quiz' });
    const twice = prepareQuestions(
      [
        { ...single, _id: q._id },
        { ...short, _id: q._id },
      ],
      first,
      false,
      fresh,
    );
    expect(twice).toEqual({ ok: false, message: 'Unknown question in the quiz' });
    const sentBack = q.options.map((o) => ({ _id: o._id, text: o.text }));
    const strange = [{ _id: 'e'.repeat(24), text: 'Pluto' }, ...sentBack.slice(1)];
    const doubled = [sentBack[0]!, sentBack[0]!, sentBack[2]!];
    for (const options of [strange, doubled]) {
      expect(prepareQuestions([{ ...single, _id: q._id, options }], first, false, fresh)).toEqual({
        ok: false,
        message: 'Unknown option in the quiz',
      });
    }
  });

  it('refuses a choice question without a right option, two right options on a single choice, and a short answer with none accepted', () => {
    expect(prepareQuestions([{ ...single, correct: [] }], [], false, fresh).ok).toBe(false);
    expect(prepareQuestions([{ ...single, correct: ['0', '1'] }], [], false, fresh).ok).toBe(false);
    expect(prepareQuestions([{ ...single, correct: ['7'] }], [], false, fresh).ok).toBe(false);
    expect(prepareQuestions([{ ...short, accepted: ['  '] }], [], false, fresh).ok).toBe(false);
    expect(prepareQuestions([], [], false, fresh).ok).toBe(false);
  });

  it('asks every question on a video at a second, in time order, and none on a quiz item', () => {
    const questions = prepared(
      [
        { ...short, atSec: 90 },
        { ...single, atSec: 30 },
      ],
      [],
      true,
    );
    expect(questions.map((q) => q.atSec)).toEqual([30, 90]);
    expect(prepareQuestions([short], [], true, fresh).ok).toBe(false);
    expect(prepareQuestions([{ ...short, atSec: 5 }], [], false, fresh).ok).toBe(false);
  });
});

describe('grading an attempt', () => {
  const questions = prepared([
    single,
    {
      type: 'multiple',
      prompt: 'Even numbers?',
      options: [{ text: '2' }, { text: '3' }, { text: '4' }],
      correct: ['0', '2'],
    },
    { ...short, accepted: ['Paris', 'Lutèce'] },
  ]);
  const [one, many, text] = questions as [Question, Question, Question];

  it('counts a choice right only with exactly its right options, and a short answer ignoring case, spaces and accents', () => {
    const graded = gradeAttempt(
      questions,
      [
        { questionId: one._id, optionIds: [one.options[1]!._id] },
        { questionId: many._id, optionIds: [many.options[0]!._id] },
        { questionId: text._id, text: '  LUTECE ' },
      ],
      60,
    );
    expect(graded.ok && graded.value.results.map((r) => r.correct)).toEqual([true, false, true]);
    expect(graded.ok && graded.value.scorePercent).toBe(67);
    expect(graded.ok && graded.value.passed).toBe(true);
  });

  it('counts a question left out as wrong and names the wrong options chosen', () => {
    const graded = gradeAttempt(questions, [{ questionId: one._id, optionIds: [one.options[0]!._id] }], 50);
    expect(graded.ok && graded.value.scorePercent).toBe(0);
    expect(graded.ok && graded.value.passed).toBe(false);
    expect(graded.ok && graded.value.results[0]?.wrongOptionIds).toEqual([one.options[0]?._id]);
  });

  it('refuses answers to unknown questions or options, and a question answered twice', () => {
    expect(gradeAttempt(questions, [{ questionId: 'a'.repeat(24), optionIds: [] }], 50).ok).toBe(false);
    expect(gradeAttempt(questions, [{ questionId: one._id, optionIds: ['b'.repeat(24)] }], 50).ok).toBe(
      false,
    );
    const twice = [
      { questionId: text._id, text: 'Paris' },
      { questionId: text._id, text: 'Paris' },
    ];
    expect(gradeAttempt(questions, twice, 50).ok).toBe(false);
  });

  it('normalises answers the way a reader compares them', () => {
    expect(normaliseAnswer('  Crème   Brûlée ')).toBe('creme brulee');
  });
});
