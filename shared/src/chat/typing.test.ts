import { describe, expect, it } from 'vitest';
import { othersTypingIn } from './typing.tsx';

describe('who is typing', () => {
  it.each([
    [{}, false],
    [{ me: [{ typing: true }] }, false],
    [{ me: [{ typing: true }], other: [{ typing: false }] }, false],
    [{ other: [{}] }, false],
    [{ other: [{ typing: false }, { typing: true }] }, true],
    [{ me: [{ typing: false }], other: [{ typing: true }] }, true],
  ])('%j: the other side is typing: %s', (state, typing) => {
    expect(othersTypingIn(state, 'me')).toBe(typing);
  });
});
