import { useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';
import { batchLookup } from '../../lib/api/batchLookup';

/** A legal-dong region: a sido (level 1), sigungu (2), eup/myeon/dong (3) or ri (4). */
export interface Region {
  rgnCd: string;
  rgnNm: string;
  parentCd: string | null;
  level: number;
  /** "서울특별시 강남구 역삼동" */
  fullNm?: string;
}

const REGIONS_URL = '/api/data/rgn/jsonList.do';

// A 10-digit legal-dong code keeps 2 digits for its sido, 5 for its sigungu, 8 for its eup/myeon/dong.
const KEPT_DIGITS: Record<number, number> = { 1: 2, 2: 5, 3: 8, 4: 10 };

/** The code of the region of this level holding `code` (itself at its own level). */
export function ancestorAt(code: string, level: number): string {
  return code.slice(0, KEPT_DIGITS[level] ?? 10).padEnd(10, '0');
}

/** The sido holding a 10-digit legal-dong code: its first two digits, then zeros. */
export const sidoOf = (code: string) => ancestorAt(code, 1);

/** Whether `region` is `code` or one of the regions holding it. */
export function holds(region: Region, code: string): boolean {
  return ancestorAt(code, region.level) === region.rgnCd;
}

/** The sido (no parent), or the regions one level below one; reference data, kept for the session. */
export function useRegions(parentCd: string | null, enabled = true) {
  return useQuery({
    queryKey: ['regions', parentCd],
    queryFn: async () => unwrap(await postJson<{ list: Region[] }>(REGIONS_URL, parentCd ? { parentCd } : {})).list,
    enabled,
    staleTime: Infinity,
  });
}

/** Regions of any level whose name holds the text (at most 50), asked while there is text. */
export function useRegionSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['regionSearch', q],
    queryFn: async () => unwrap(await postJson<{ list: Region[] }>(REGIONS_URL, { q })).list,
    enabled: q !== '',
    staleTime: Infinity,
  });
}

const LEGAL_DONG_CODE = /^\d{10}$/;

// The names a render asks for go to the server together, as one request of just those codes.
const regionNames = batchLookup(async (codes) => {
  const query = new URLSearchParams({ codes: codes.join(',') });
  return unwrap(await getJson<Record<string, string>>(`/api/data/bcode/map?${query}`));
});

/** The full name of one legal-dong code ("서울특별시 강남구"), null when unknown. */
export function useRegionName(code: string) {
  return useQuery({
    queryKey: ['regionName', code],
    queryFn: () => regionNames.load(code),
    enabled: LEGAL_DONG_CODE.test(code),
    staleTime: Infinity,
  });
}
