import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';

/** Plays of a campaign on one group on one day, against what its plans scheduled. */
export interface ReportLine {
  date: string;
  mgId: number;
  mgNm?: string;
  plays: number;
  seconds: number;
  scheduledPlays: number;
  /** plays / scheduledPlays in percent; null when nothing was scheduled. */
  delivery: number | null;
}

export interface ReportSum {
  plays: number;
  seconds: number;
  scheduledPlays: number;
  delivery: number | null;
}

/** The campaign's report, per day and group with the sum, over its whole run or the period chosen. */
export function useCampaignReport(cmpgId: unknown, period: [string, string] | null) {
  const body = { cmpgId, ...(period ? { fromDate: period[0], toDate: period[1] } : {}) };
  return useQuery({
    queryKey: ['campaign/report', body],
    queryFn: async () => unwrap(await postJson<{ list: ReportLine[]; sum?: ReportSum }>('/api/campaign/report/jsonList.do', body)),
  });
}

/** The report as an Excel file. */
export const reportExcelHref = (cmpgId: unknown) => `/api/campaign/report/excel/download.do?${new URLSearchParams({ cmpgId: String(cmpgId) })}`;

/** The cue sheet of one day: per group and slot place, what plays and how often. */
export const cueSheetHref = (cmpgId: unknown, date: string) =>
  `/api/campaign/excel/cuesheet/download.do?${new URLSearchParams({ cmpgId: String(cmpgId), date })}`;

/** A delivery rate as shown: one decimal and a percent sign, a dash when nothing was scheduled. */
export const deliveryText = (delivery: number | null | undefined) =>
  delivery === null || delivery === undefined ? '-' : `${Number(delivery).toFixed(1)}%`;
