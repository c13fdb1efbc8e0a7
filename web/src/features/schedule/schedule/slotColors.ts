import type { TagColors } from '../../../components/common/listTypes';

/** Ads blue, house ads purple, contents green, the notice orange: the same colours on tags and cards. */
export const SLOT_TYPE_COLORS: TagColors = { '1': 'blue', '2': 'purple', '3': 'green', '4': 'orange' };
