import { describe, expect, it } from 'vitest';
import { clipEcho, clipLines, ECHO_MAX_CHARS } from '../../src/core/echo.js';

describe('clipEcho', () => {
  it('keeps a value up to the limit whole', () => {
    expect(clipEcho('fraud_detector_v4')).toBe('fraud_detector_v4');
    expect(clipEcho('x'.repeat(ECHO_MAX_CHARS))).toBe('x'.repeat(ECHO_MAX_CHARS));
  });

  it('clips a longer one to the limit, an ellipsis and its length', () => {
    expect(clipEcho('x'.repeat(102_400))).toBe(`${'x'.repeat(ECHO_MAX_CHARS)}… (102,400 characters)`);
    expect(clipEcho('abcdef', 3)).toBe('abc… (6 characters)');
  });
});

describe('clipLines', () => {
  it('clips each line on its own, keeping the short ones and the line breaks', () => {
    expect(clipLines(`head\n${'y'.repeat(10)}\ntail`, 4)).toBe('head\nyyyy… (10 characters)\ntail');
  });
});
