import type { TagColors } from '../../components/common/listTypes';

/** Statuses of a generation job (its execution log row). */
export const EXEC_STATUS = { running: 0, done: 1, failed: 3 } as const;

export const EXEC_STATUS_LABELS: Record<number, string> = { 0: '진행중', 1: '완료', 3: '실패' };
export const EXEC_STATUS_COLORS: TagColors = { '0': 'processing', '1': 'green', '3': 'red' };

/** Whether a generation has ended, well or not: nothing more will change. */
export const isFinished = (status: unknown) => Number(status) === EXEC_STATUS.done || Number(status) === EXEC_STATUS.failed;
