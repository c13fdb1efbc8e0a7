import { useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';

/** A legal-dong region: a sido (level 1) or a sigungu (level 2) within one. */
export interface Region {
  rgnCd: string;
  rgnNm: string;
  parentCd: string | null;
  level: number;
}

/** The sido holding a 10-digit legal-dong code: its first two digits, then zeros. */
export function sidoOf(code: string): string {
  return `${code.slice(0, 2)}00000000`;
}

export const isSido = (code: string) => code.length === 10 && code === sidoOf(code);

/** The sido (no parent), or the sigungu of one sido; reference data, kept for the session. */
export function useRegions(parentCd: string | null, enabled = true) {
  return useQuery({
    queryKey: ['regions', parentCd],
    queryFn: async () => unwrap(await postJson<{ list: Region[] }>('/api/data/rgn/jsonList.do', parentCd ? { parentCd } : {})).list,
    enabled,
    staleTime: Infinity,
  });
}

/** Every legal-dong code with its full name ("서울특별시 강남구"). */
export function useRegionNames() {
  return useQuery({
    queryKey: ['regionNames'],
    queryFn: async () => unwrap(await getJson<Record<string, string>>('/api/data/bcode/map')),
    staleTime: Infinity,
  });
}
