import type { TagColors } from '../../components/common/listTypes';

/** Statuses of a board post (BOARD_AD_STATUS), from its period and the stop button. */
export const POST_STATUS = { waiting: 0, inProgress: 1, stopped: 90, ended: 99 } as const;

/** Waiting blue, in progress green (on the screens now), stopped orange, ended grey. */
export const POST_STATUS_COLORS: TagColors = { '0': 'blue', '1': 'green', '90': 'orange', '99': 'default' };

/** Whether a post is still to show or showing: what the stop button ends. */
export const isStoppable = (status: unknown) => Number(status) === POST_STATUS.waiting || Number(status) === POST_STATUS.inProgress;

/** Image files of a post: png or jpeg, at most 10 of 10 MB each. */
export const POST_IMAGE_TYPES = '.png,.jpg,.jpeg';
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const POST_IMAGE_MAX_COUNT = 10;
