import type { ReactNode } from 'react';
import type { PermissionKind } from '../../lib/permission';
import type { PopupDefinition } from '../popup/definition';

export type Row = Record<string, unknown>;

/** How a value is shown when read: plain text unless one of these. */
export type ValueKind = 'text' | 'dateTime' | 'number' | 'yn';

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
  /** A day (YYYY-MM-DD) picked on a calendar. */
  kind?: 'date';
  /** Chosen in a search popup, which gives the value of its value field. */
  popup?: PopupDefinition;
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
 * - permissions: permission codes edited on the program × kind matrix.
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
  | 'permissions';

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
  /** The request; `password` is the new password when the action asks for one. */
  body: (row: Row, password?: string) => object;
  /** The permission of the resource's program the button needs. */
  permission: PermissionKind;
  /** Asked before calling; without it the call goes at once. */
  confirm?: string;
  danger?: boolean;
  shownWhen?: (row: Row) => boolean;
  /** Asks for a new password first, checked by the policy against the account id held in this row field. */
  asksPassword?: { accountIdField: string };
  /** Told after the call succeeded. */
  doneMessage: string;
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
