import type { ResourceDefinition } from '../../../components/resource/definition';

/**
 * A monthly settlement list: a read-only resource whose list answers, beside its page, the sums of
 * the whole month (`data.sum`) and whether the month is closed (`data.closed`).
 */
export interface SettlementListDefinition extends ResourceDefinition {
  /** The fields of `data.sum`, each shown under the column of the same field. */
  sumFields: string[];
  /** Parts of the sums told under the list (a total made of two kinds of row), by `data.sum` field. */
  sumParts?: { field: string; label: string }[];
  /** The columns holding numbers (amounts, rates, counts): aligned right. */
  numericFields: string[];
  /**
   * Conditions offered to managers and operators only: an owner corp, searched in a popup other roles
   * may not open (they see their own corp's rows anyway).
   */
  managerFilters?: string[];
}

/** What a settlement list answers beside its rows. */
export interface SettlementExtras {
  sum?: Record<string, number> | null;
  closed?: boolean;
}

/** The Excel of a list for the conditions searched (the month and the list's filters). */
export function settlementExcelHref(list: 'media' | 'sales' | 'jungsan', filters: Record<string, string>): string {
  const given = Object.entries(filters).filter(([, value]) => value !== '');
  return `/api/settlement/excel/download.do?${new URLSearchParams([['list', list], ...given])}`;
}
