import type { TagColors } from '../../../components/common/listTypes';

/** Who an urgent message reaches: every screen, the screens of some sido or sigungu, or of listed sites. */
export type TargetType = 'all' | 'sido' | 'sigungu' | 'poi';

export const TARGET_LABELS: Record<TargetType, string> = { all: '전체', sido: '시도', sigungu: '시군구', poi: '지정 사이트' };

/** Statuses of an urgent message, from its times and the stop button. */
export const URGENT_STATUS = { waiting: 0, inForce: 1, ended: 2, stopped: 90 } as const;

export const URGENT_STATUS_LABELS: Record<number, string> = { 0: '대기', 1: '발령중', 2: '종료', 90: '중지' };

/** In force red (it is on the screens now), waiting blue, stopped orange, ended grey. */
export const URGENT_STATUS_COLORS: TagColors = { '0': 'blue', '1': 'red', '2': 'default', '90': 'orange' };

/** Whether a message is still to show or showing: what the stop button ends. */
export const isStoppable = (status: unknown) => Number(status) === URGENT_STATUS.waiting || Number(status) === URGENT_STATUS.inForce;
