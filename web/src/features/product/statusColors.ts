import type { TagColors } from '../../components/resource/definition';

/** Products and packages on sale green, off sale grey (PRD_STATUS, PKG_STATUS: 0 off, 1 on). */
export const SALE_STATUS_COLORS: TagColors = { '0': 'default', '1': 'green' };
