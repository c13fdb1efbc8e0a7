import type { ComponentType, ReactNode } from 'react';
import type { PermissionKind } from '../../lib/permission';
import type { PopupDefinition } from '../popup/definition';

export type Row = Record<string, unknown>;

/** How a value is shown when read: plain text unless one of these ('region': a legal-dong code by its name). */
export type ValueKind = 'text' | 'dateTime' | 'number' | 'yn' | 'region';

/** Colours of the tags showing codes of a group (antd tag colours by code), e.g. a status green when running. */
export type TagColors = Record<string, string>;

/** A column of the list screen (and of the tables inside a view screen or a popup). */
export interface ColumnDefinition {
  field: string;
  title: string;
  width?: number;
  /** The server accepts this field as sortField. */
  sortable?: boolean;
  /** Show the value as the label of this common-code group. */
  cdKey?: string;
  kind?: ValueKind;
  /** With cdKey: the code shows as a coloured tag. */
  tagColors?: TagColors;
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
  /**
   * date: a day (YYYY-MM-DD) picked on a calendar; month: a month (YYYY-MM); region: a sido, or a
   * sigungu within it, as its legal-dong code.
   */
  kind?: 'date' | 'month' | 'region';
  /** Chosen in a search popup, which gives the value of its value field. */
  popup?: PopupDefinition;
  /** The list cannot be asked without it (a report's month); it starts from the default. */
  required?: boolean;
  /** The value while the address names none, e.g. this month. */
  defaultValue?: () => string;
}

/**
 * The kinds of field a form can hold:
 * - yn: a switch storing "Y" or "N";
 * - password: typed masked, never shown when reading;
 * - codeChecks: several codes of a group (an array), one checkbox each;
 * - select: one value among options a call answers;
 * - popup: an id chosen in a search popup, shown by its label;
 * - files: attachments (kept, removed, or added as multipart parts named after the field);
 * - file: one file, replaced by a newly picked one;
 * - richText: HTML written in the editor and shown sanitised;
 * - permissions: permission codes edited on the program × kind matrix;
 * - time: a time of day, "HH:MM";
 * - region: a legal-dong code picked as a sido, then optionally a sigungu within it;
 * - popupMany: several ids (an array) picked in a search popup.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'code'
  | 'date'
  | 'dateTime'
  | 'yn'
  | 'password'
  | 'codeChecks'
  | 'select'
  | 'popup'
  | 'files'
  | 'file'
  | 'richText'
  | 'permissions'
  | 'time'
  | 'region'
  | 'popupMany';

/** Where a select's options come from: a call answering `{list: [...]}`. */
export interface OptionSource {
  url: string;
  /** The request, from the form's current values; null while it cannot be asked (a value it needs is empty). */
  body: (values: Row) => object | null;
  valueField: string;
  labelField: string;
  /** Shown when nothing is chosen, e.g. "역할 기본 권한". */
  emptyLabel?: string;
}

/** Stored files of a field, and what the browser may send for them. */
export interface FileRules {
  /** `{type}` of GET /api/common/file/download/{type}/{fileIdx}/{fileName}. */
  downloadType: string;
  /** File name endings accepted, e.g. ".pdf,.png". */
  accept: string;
  maxBytes: number;
  /** Shown as an image rather than a link. */
  image?: boolean;
  /** files: the save field listing the stored files the user removed. */
  removedIdsField?: string;
  /** file: the save field set to true when the user removed the stored file; without it the file can only be replaced. */
  deleteFlag?: string;
}

/** A call checking that a value is still free, answering `{dupYn}`. */
export interface DuplicateCheck {
  url: string;
  body: (value: string, values: Row) => object;
  takenMessage: string;
  freeMessage: string;
}

/** A field of the view/register/modify screen. */
export interface FieldDefinition {
  field: string;
  label: string;
  kind: FieldKind;
  /** For kinds 'code' and 'codeChecks': the common-code group offering the values. */
  cdKey?: string;
  /** kind 'code': shown as a coloured tag when read. */
  tagColors?: TagColors;
  /** The server stores this code or option as a number, while code lists hold text. */
  valueType?: 'number';
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** A format the value must follow, with the message shown when it does not. */
  pattern?: { regex: RegExp; message: string };
  /** A rule of its own: answers the problem, or null when the value is acceptable. */
  validate?: (value: unknown, values: Row) => string | null;
  /** How the typed text is stored, e.g. a business number without dashes. */
  normalize?: (text: string) => string;
  /** A button beside the field asking the server whether the value is still free. */
  duplicateCheck?: DuplicateCheck;
  /** Shown but never sent (set by the server, like updatedAt). */
  readOnly?: boolean;
  /** Set when the row is registered, fixed afterwards (a key other data refers to). */
  fixedAfterCreate?: boolean;
  /** Only asked when registering (an initial password). */
  registerOnly?: boolean;
  /**
   * Only users of these roles choose the value (a manager picks the media owner); for everyone else
   * it is neither asked nor sent, the server sets it. It is shown when read all the same.
   */
  chosenByRoles?: number[];
  /** Shown (and sent) only while this holds for the row's current values. */
  shownWhen?: (values: Row) => boolean;
  /** Value of a new row. */
  defaultValue?: unknown;
  /** Shown across the whole width of the form. */
  wide?: boolean;
  placeholder?: string;
  /** kind 'select'. */
  options?: OptionSource;
  /** kind 'popup': the search popup choosing the value. */
  popup?: PopupDefinition;
  /** kind 'popup': the row field holding the label of the stored value (cName beside cId). */
  labelField?: string;
  /**
   * kinds 'popup' and 'popupMany': conditions the popup's search always carries, from the form's
   * values and the row the form is about (the groups of the chosen site); null while they cannot be
   * known, which disables the field.
   */
  popupConditions?: (values: Row, row: Row) => object | null;
  /** kind 'popup': other fields filled from the picked row (form field -> popup row field). */
  fills?: Record<string, string>;
  /** kind 'popup': fields emptied when another value is picked (the group of the previous site). */
  clears?: string[];
  /**
   * kind 'text': a search popup beside the input, filling this and other fields from the picked row
   * (form field -> popup row field), while the text stays free to type.
   */
  lookup?: { popup: PopupDefinition; fills: Record<string, string> };
  /** kinds 'file' and 'files'. */
  files?: FileRules;
}

/** A button of the view screen calling the server about this row (status change, unlock, password). */
export interface RowAction {
  key: string;
  label: string;
  url: string;
  /**
   * The request, from the row and what the action asked: `{password}` for a password action, the
   * values of `asks` otherwise (an empty object when it asked nothing).
   */
  body: (row: Row, answers: Row) => object;
  /** The permission of the resource's program the button needs. */
  permission: PermissionKind;
  /** Asked before calling; without it the call goes at once. */
  confirm?: string;
  danger?: boolean;
  shownWhen?: (row: Row) => boolean;
  /** Asks for a new password first, checked by the policy against the account id held in this row field. */
  asksPassword?: { accountIdField: string };
  /** Asks for these values in a dialog first (a demolition date, a message). */
  asks?: FieldDefinition[];
  /** Told after the call succeeded. */
  doneMessage: string;
}

/** A button of the list screen's toolbar: about the selected rows, or creating a row another way. */
export interface ListAction {
  key: string;
  label: string;
  url: string;
  /** The permission of the resource's program the button needs. */
  permission: PermissionKind;
  /** Acts on the rows selected in the list: the button waits for a selection. */
  onSelection?: boolean;
  /** Asks for these values in a dialog first. */
  asks?: FieldDefinition[];
  /** The request, from the asked values and the selected rows. */
  body: (answers: Row, selected: Row[]) => object;
  /** The screen opened after the call, from its answer (the row it created). */
  openPath?: (answer: Row) => string;
  doneMessage: string;
}

/** Cards counting the rows per code (statuses) from the list's answer; a click searches that code. */
export interface CountCards {
  /** The filter a card sets, and the code group of its values. */
  field: string;
  cdKey: string;
  /** The field of the list answer holding `{code: count}`. */
  countsField: string;
  tagColors?: TagColors;
}

/** A read-only table beside the list, from a call of its own (the latest status changes). */
export interface ListPanel {
  key: string;
  title: string;
  /** A GET address, answering an object holding the rows in `listField`. */
  url: string;
  listField: string;
  columns: ColumnDefinition[];
  rowKey: string;
  openPath?: (row: Row) => string;
}

/** One line or bar series of a chart: a numeric field of the rows. */
export interface ChartSeries {
  field: string;
  title: string;
  type: 'bar' | 'line';
}

/**
 * A chart above the list: of the rows a call answers for the current search conditions (daily
 * totals of a month), or of the rows of the page shown.
 */
export type ChartDefinition = {
  title: string;
  /** The row field along the horizontal axis. */
  x: string;
  /** Every value the axis shows, rows or not (each day of the month); without it, the rows' values. */
  categories?: (filters: Record<string, string>) => string[];
  series: ChartSeries[];
} & (
  | { source: 'call'; url: string; body: (filters: Record<string, string>) => object }
  | { source: 'page' }
);

/** A download of what the list shows (an Excel file), by address. */
export interface ExportLink {
  label: string;
  permission: PermissionKind;
  /** The address for the current search conditions. */
  href: (filters: Record<string, string>) => string;
}

/** Data related to the row, shown in a tab of the view screen. */
export type DetailSection =
  | {
      kind: 'facts';
      key: string;
      title: string;
      url: string;
      body: (row: Row) => object;
      fields: ColumnDefinition[];
    }
  | {
      kind: 'table';
      key: string;
      title: string;
      /** Answers `{list: [...]}`. */
      url: string;
      body: (row: Row) => object;
      columns: ColumnDefinition[];
      rowKey: string;
      /** The screen a click on a row opens. */
      openPath?: (row: Row) => string;
    }
  | {
      kind: 'editableTable';
      key: string;
      title: string;
      /** Answers `{list: [...]}`. */
      url: string;
      body: (row: Row) => object;
      /** The editable fields of a line (text inputs). */
      columns: { field: string; title: string; maxLength: number; required?: boolean }[];
      /** Replaces the whole list. */
      save: { url: string; body: (row: Row, lines: Row[]) => object; permission: PermissionKind };
    }
  | {
      /** A panel of its own about the row (a screen capture), shown to users with the permission. */
      kind: 'custom';
      key: string;
      title: string;
      permission: PermissionKind;
      component: ComponentType<{ row: Row }>;
    };

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
  /** Nothing is registered, modified or deleted here (a log). */
  readOnly?: boolean;
  /** One row per user, with no id and no list (one's own account). */
  singleton?: boolean;
  /** The save always goes as multipart, the row in the part `data`, even without files. */
  saveAs?: 'multipart';
  /** Registering and modifying happen at `{routeBase}/write?{idField}=`; the view screen only reads. */
  separateWriteScreen?: boolean;
  /** Buttons of the view screen. */
  actions?: RowAction[];
  /** Tabs below the view screen. */
  sections?: DetailSection[];
  /** The list call when it is not `jsonList` (a report's `jsonMonthList`). */
  listAction?: string;
  /** Where a click on a list row leads, instead of the row's own view screen. */
  rowPath?: (row: Row) => string;
  /** Buttons of the list's toolbar. */
  listActions?: ListAction[];
  /** Asked again every so many seconds while the list is shown (a monitoring screen). */
  refreshSeconds?: number;
  /** A line under the list's title saying what it shows. */
  listNote?: string;
  countCards?: CountCards;
  listPanels?: ListPanel[];
  chart?: ChartDefinition;
  exportLink?: ExportLink;
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
  /** Whatever else the list answers (counts per status). */
  [extra: string]: unknown;
}
