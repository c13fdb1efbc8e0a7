import { describe, expect, it } from 'vitest';
import { wrapLines } from './screenshot';

// Every character 10 pixels wide.
const measure = (text: string) => text.length * 10;

describe('wrapLines', () => {
  it('breaks at spaces so no line is wider than the width', () => {
    expect(wrapLines(measure, '오늘 14시부터 엘리베이터를 점검합니다', 100)).toEqual(['오늘 14시부터', '엘리베이터를', '점검합니다']);
  });

  it('breaks a word longer than a line anywhere', () => {
    expect(wrapLines(measure, '가나다라마바사아자차카타', 50)).toEqual(['가나다라마', '바사아자차', '카타']);
  });

  it('keeps the lines the text asks for', () => {
    expect(wrapLines(measure, '첫 줄\n둘째 줄', 200)).toEqual(['첫 줄', '둘째 줄']);
  });
});
