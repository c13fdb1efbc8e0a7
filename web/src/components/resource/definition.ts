import type { ComponentType } from 'react';
import type { PermissionKind } from '../../lib/permission';
import type { ColumnDefinition, FilterDefinition, Row, TagColors } from '../common/listTypes';
import type { PopupDefinition } from '../popup/definition';

export type { ColumnDefinition, Row, TagColors, ValueKind } from '../common/listTypes';

/** A search condition of the list screen: typed or chosen in place, or chosen in a search popup. */
export interface ListFilterDefinition extends FilterDefinition {
  /** Chosen in a search popup, which gives the value of its value field. */
  popup?: PopupDefinition;
  /** Chosen among the options a call answers for the other conditions (the sites of the chosen campaign). */
  options?: OptionSource;
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
 * - region: a legal-dong code, picked down the levels sido, sigungu, eup/myeon/dong, ri or searched by name;
 * - popupMany: several ids (an array) picked in a search popup;
 * - lines: rows picked in a search popup, each with numbers typed on its line (see LineRules).
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
  | 'popupMany'
  | 'lines';

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
  /** files: how many the field may hold, stored and newly picked together. */
  maxCount?: number;
}

/** A call checking that a value is still free, answering `{dupYn}`. */
export interface DuplicateCheck {
  url: string;
  body: (value: string, values: Row) => object;
  takenMessage: string;
  freeMessage: string;
}

/**
 * Lines of a field of kind 'lines' (a package's products with their quantities): rows of another
 * resource picked in a popup, shown by their columns, each with numbers typed on its line. A line
 * is sent as its key and its numbers, `[{prdId, qty}]`.
 */
export interface LineRules {
  popup: PopupDefinition;
  /** The field naming a line's row (the popup's value field). */
  keyField: string;
  /** What a line shows of its row (the stored lines carry the same fields). */
  columns: ColumnDefinition[];
  /** The numbers typed on each line. */
  inputs: { field: string; title: string; min: number; max: number; defaultValue: number }[];
}

/** A field of the view/register/modify screen. */
export interface FieldDefinition {
  field: string;
  label: string;
  kind: FieldKind;
  /** For kinds 'code' and 'codeChecks': the common-code group offering the values. */
  cdKey?: string;
  /** With cdKey: only these codes of the group are offered (the slot types a resource may hold). */
  codes?: string[];
  /** kind 'code': shown as a coloured tag when read. */
  tagColors?: TagColors;
  /** The server stores this code or option as a number, while code lists hold text. */
  valueType?: 'number';
  /** 'register': only when registering (a file the row keeps unless a newly picked one replaces it). */
  required?: boolean | 'register';
  maxLength?: number;
  min?: number;
  max?: number;
  /** A format the value must follow, with the message shown when it does not. */
  pattern?: { regex: RegExp; message: string };
  /** A rule of its own: answers the problem, or null when the value is acceptable. */
  validate?: (value: unknown, values: Row) => string | null;
  /** A rule that takes time (a picked file read for its content and length): answers the problem, or null. */
  check?: (value: unknown, values: Row) => Promise<string | null>;
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
  /** Only in the register and modify forms, never shown when reading (a file picked to replace the stored one). */
  formOnly?: boolean;
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
  /**
   * kind 'popupMany': the row field listing the stored values' rows with their names (a post's
   * `groups: [{mgId, mgNm}]`), so that they show by name.
   */
  labelsField?: string;
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
  /** kind 'lines'. */
  lines?: LineRules;
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
  | {
      source: 'call';
      url: string;
      body: (filters: Record<string, string>) => object;
      /** The field of the answer holding the rows drawn (a list's daily totals beside its page); `list` without it. */
      listField?: string;
    }
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
      /**
       * The permission code the call needs when it is another program's ("media.media:list"): users
       * without it are not shown the tab.
       */
      requires?: string;
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
      /** Shown only to users of these roles (answering a question is the managers' and operators'). */
      roles?: number[];
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
  filters: ListFilterDefinition[];
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
  /**
   * Whether this user may no longer modify or delete the row, whatever the permissions say (a
   * question once answered, for its asker); the server refuses it all the same.
   */
  lockedWhen?: (row: Row, roleCd: number | undefined) => boolean;
  /**
   * Only users of these roles register, change or delete rows, whatever their permissions say (all-
   * screen posts are the managers' and operators'); the server refuses the others all the same.
   */
  changedByRoles?: number[];
  /** The list's register button, when "등록" alone says too little (사진 등록). */
  registerLabel?: string;
  /** Tabs below the view screen. */
  sections?: DetailSection[];
  /** The list call when it is not `jsonList` (a report's `jsonMonthList`). */
  listAction?: string;
  /** Where a click on a list row leads, instead of the row's own view screen. */
  rowPath?: (row: Row) => string;
  /** The key of a list row when the id alone may repeat (a campaign beside its change requests). */
  rowKey?: (row: Row) => string;
  /** Whether a list row can be ticked for delete and the selection's actions; every row without it. */
  rowSelectable?: (row: Row) => boolean;
  /** Buttons of the list's toolbar. */
  listActions?: ListAction[];
  /** Asked again every so many seconds while the list is shown (a monitoring screen). */
  refreshSeconds?: number;
  /**
   * With refreshSeconds: asked again only while a row shown holds this (an encoding under way), the
   * list while any of its rows does and the view screen while its row does.
   */
  refreshWhile?: (row: Row) => boolean;
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
