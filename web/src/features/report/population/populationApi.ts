import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';

/** Sites, households and the audience they make in one region. */
export interface PopulationRow {
  rgnCd: string;
  /** Null for a code the region table does not name. */
  rgnNm: string | null;
  sites: number;
  households: number;
  multiplier: number;
  audience: number;
}

export interface PopulationAnswer {
  list: PopulationRow[];
  sum: { sites: number; households: number; audience: number };
}

/** The regions one level below a region code prefix (the sido without one), with their sum. */
export function usePopulation(prefix: string | null) {
  return useQuery({
    queryKey: ['wpopl', prefix],
    queryFn: async () => unwrap(await postJson<PopulationAnswer>('/api/wpopl/jsonList.do', prefix ? { rgnCd: prefix } : {})),
  });
}
