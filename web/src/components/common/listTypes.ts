import type { ReactNode } from 'react';

/**
 * Rows, their columns and their search conditions: what resource screens and search popups both
 * describe. Kept below both, so neither has to import the other's definitions.
 */
export type Row = Record<string, unknown>;

/**
 * How a value is shown when read: plain text unless one of these ('region': a legal-dong code by its
 * name; 'image': an image address as a small picture, a placeholder while there is none).
 */
export type ValueKind = 'text' | 'dateTime' | 'number' | 'yn' | 'region' | 'image';

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
  /**
   * The name people scan the list by (a campaign's title, a screen's name): it keeps a readable
   * width however many columns the list has, is cut to one line and shows whole on hover.
   */
  name?: boolean;
  render?: (value: unknown, row: Row) => ReactNode;
}

/** A search condition typed or chosen in place (a list screen's conditions may also open a search popup). */
export interface FilterDefinition {
  field: string;
  label: string;
  /** Chosen from a common-code group instead of typed. */
  cdKey?: string;
  /** With cdKey: only these codes of the group are offered (the statuses one list holds). */
  codes?: string[];
  /**
   * date: a day (YYYY-MM-DD) picked on a calendar; month: a month (YYYY-MM); region: a region at any
   * level, as its legal-dong code (the server matches the codes it prefixes).
   */
  kind?: 'date' | 'month' | 'region';
  /** The list cannot be asked without it (a report's month); it starts from the default. */
  required?: boolean;
  /** The value while the address names none, e.g. this month. */
  defaultValue?: () => string;
}
