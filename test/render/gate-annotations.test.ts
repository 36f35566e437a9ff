import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty } from '../../src/render/gate-annotations.js';

describe('GitHub workflow command escaping', () => {
  it('escapes %, CR and LF in data; also : and , in properties', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab%3A c%2C d');
  });
});
