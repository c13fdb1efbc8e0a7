import type { ReactNode } from 'react';

export type Row = Record<string, unknown>;

/** A column of the list screen. */
export interface ColumnDefinition {
  field: string;
  title: string;
  width?: number;
  /** The server accepts this field as sortField. */
  sortable?: boolean;
  /** Show the value as the label of this common-code group. */
  cdKey?: string;
  kind?: 'text' | 'dateTime';
  /** Long free text: cut to one line (the full text shows on hover), so it cannot widen the table. */
  ellipsis?: boolean;
  render?: (value: unknown, row: Row) => ReactNode;
}

/** A search condition of the list screen. */
export interface FilterDefinition {
  field: string;
  label: string;
  /** Chosen from a common-code group instead of typed. */
  cdKey?: string;
}

/** 'files' fields are sent as multipart parts named after the field, with upload progress shown. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'code' | 'dateTime' | 'files';

/** A field of the view/register/modify screen. */
export interface FieldDefinition {
  field: string;
  label: string;
  kind: FieldKind;
  /** For kind 'code': the common-code group offering the values. */
  cdKey?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** A format the value must follow, with the message shown when it does not. */
  pattern?: { regex: RegExp; message: string };
  /** Shown but never sent (set by the server, like updatedAt). */
  readOnly?: boolean;
  /** Set when the row is registered, fixed afterwards (a key other data refers to). */
  fixedAfterCreate?: boolean;
  /** Value of a new row. */
  defaultValue?: unknown;
  /** Shown across the whole width of the form. */
  wide?: boolean;
  placeholder?: string;
}

/**
 * Everything the generic list and form screens need to know about one resource. A new screen family
 * is one of these plus its routes.
 */
export interface ResourceDefinition {
  /** Korean name of the resource, used in titles and messages. */
  title: string;
  /** `{area}/{resource}` of its calls: /api/{apiPath}/jsonList.do ... */
  apiPath: string;
  /** The route stem of its screens: `{routeBase}/list`, `{routeBase}/view`. */
  routeBase: string;
  /** Program code for permission checks, e.g. "system.code". */
  program: string;
  idField: string;
  /** How the id travels: ids read from the address bar are converted back to this type. */
  idType: 'number' | 'string';
  columns: ColumnDefinition[];
  filters: FilterDefinition[];
  fields: FieldDefinition[];
}

export const DEFAULT_PAGE_SIZE = 10;

export interface ListQuery {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  filters: Record<string, string>;
}

export interface ListPage {
  list: Row[];
  totalCount: number;
  page: number;
  pageSize: number;
}
