import type { TagColors } from '../common/listTypes';

/** Screens: on green, off grey, and the three kinds of trouble from yellow to red. */
export const MEDIA_STATUS_COLORS: TagColors = { '0': 'green', '1': 'default', '2': 'gold', '3': 'orange', '4': 'red' };

/** Sites and devices share their statuses: waiting, in use, stopped. */
export const SITE_STATUS_COLORS: TagColors = { '0': 'blue', '1': 'green', '2': 'red' };

/** Media groups: running, stopped, demolished, to be demolished, unknown. */
export const GROUP_STATUS_COLORS: TagColors = { '0': 'green', '1': 'default', '2': 'red', '3': 'orange', '-1': 'default' };

/** The deployed player build stands out. */
export const DEPLOYED_COLORS: TagColors = { Y: 'green', N: 'default' };
