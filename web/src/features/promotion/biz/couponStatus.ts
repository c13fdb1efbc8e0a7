import type { TagColors } from '../../../components/resource/definition';

/** Coupon status codes (common-code group CP_STATUS): 1 in use, 0 stopped. */
export const CP_STATUS = 'CP_STATUS';
export const COUPON_ON = 1;
export const COUPON_STATUS_COLORS: TagColors = { '1': 'green', '0': 'default' };
