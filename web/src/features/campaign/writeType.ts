import type { TagColors } from '../../components/resource/definition';

/** Change requests (write types 1-3) beside new campaigns (0). */
export const WriteType = { new: 0, targets: 1, materials: 2, midTermination: 3 } as const;
export type ChangeWriteType = 1 | 2 | 3;

export const WRITE_TYPE_COLORS: TagColors = { '0': 'default', '1': 'purple', '2': 'blue', '3': 'orange' };
