import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel } from './history';

describe('history labels', () => {
  it.each([
    ['register', 'media.media', '기기 등록'],
    ['save', 'campaign', '저장'],
    ['save', 'point.advertiser', '적립'],
    ['use', 'point.salesuser', '사용'],
    ['delete', 'system.code', '삭제'],
    ['ssaidReset', 'media.media', 'SSAID 초기화'],
    ['close', 'settlement.closing', '월 마감'],
    ['somethingNew', 'x', 'somethingNew'],
  ])('%s on %s reads %s', (action, target, label) => {
    expect(actionLabel(action, target)).toBe(label);
  });

  it('names actors that are no users', () => {
    expect(actorLabel('player')).toBe('플레이어(기기)');
    expect(actorLabel('system')).toBe('시스템(자동)');
    expect(actorLabel('admin')).toBe('admin');
  });
});
