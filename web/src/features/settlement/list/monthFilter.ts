import type { ListFilterDefinition } from '../../../components/resource/definition';
import { lastFinishedMonth } from '../months';

/** The month settled: required, the last finished month unless the address names another. */
export const MONTH_FILTER: ListFilterDefinition = { field: 'month', label: '정산 월', kind: 'month', required: true, defaultValue: () => lastFinishedMonth() };
