import type { ColumnDefinition, FieldDefinition, ListFilterDefinition } from '../../../components/resource/definition';
import { formatRate } from '../../../lib/money';
import { rateProblem } from './rate';

/** The rate and the day it applies from, shared by media and sales fees. */
export const RATE_FIELDS: FieldDefinition[] = [
  { field: 'rate', label: '수수료율 (%)', kind: 'number', required: true, min: 0, max: 100, placeholder: '예: 12.50', validate: rateProblem },
  { field: 'fromDate', label: '적용 시작일', kind: 'date', required: true },
];

/** When the rate was registered: read only. */
export const CREATED_AT_FIELD: FieldDefinition = { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true };

export const RATE_COLUMNS: ColumnDefinition[] = [
  { field: 'rate', title: '수수료율', sortable: true, width: 110, render: formatRate },
  { field: 'fromDate', title: '적용 시작일', sortable: true, width: 120 },
  { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 170 },
];

/** Only the rates in force that day: the latest one starting on or before it, per owner. */
export const IN_FORCE_FILTER: ListFilterDefinition = { field: 'onDate', label: '적용일 기준', kind: 'date' };
