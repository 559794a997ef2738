import { describe, expect, it } from 'vitest';
import { freezePlan } from './domain.ts';

describe('freezePlan', () => {
  it('freezes with an open dispute and releases what closed ones froze', () => {
    expect(freezePlan([])).toEqual({ release: [], freezeWith: null });
    expect(freezePlan([{ _id: 'disp_1', state: 'open' }])).toEqual({ release: [], freezeWith: 'disp_1' });
    expect(freezePlan([{ _id: 'disp_1', state: 'closed' }])).toEqual({
      release: ['disp_1'],
      freezeWith: null,
    });
  });

  it('keeps the sales frozen while a second dispute of the payment is still open', () => {
    const plan = freezePlan([
      { _id: 'disp_2', state: 'open' },
      { _id: 'disp_1', state: 'closed' },
      { _id: 'disp_0', state: 'open' },
    ]);
    expect(plan).toEqual({ release: ['disp_1'], freezeWith: 'disp_0' });
  });
});
