import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../lib/api/client';
import { unwrap } from '../../lib/api/envelope';

export type AppEnv = 'local' | 'dev' | 'stage' | 'prod';

/** Which deployment this is; it never changes while the page lives. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['appInfo'],
    queryFn: async () => unwrap(await postJson<{ env: AppEnv }>('/api/jsonAppInfo.do', {})),
    staleTime: Infinity,
  });
}

// Dark enough for the header's white text (WCAG AA, 4.5:1).
const HEADER_COLORS: Record<AppEnv, string> = {
  prod: '#001529',
  stage: '#ad4e00',
  dev: '#006d75',
  local: '#531dab',
};

const ENV_LABELS: Record<AppEnv, string> = { prod: '', stage: '스테이징', dev: '개발', local: '로컬' };

/** Outside production the header takes another colour, so nobody mistakes a test system for the real one. */
export function headerColor(env: AppEnv | undefined): string {
  return HEADER_COLORS[env ?? 'prod'] ?? HEADER_COLORS.prod;
}

export function envLabel(env: AppEnv | undefined): string {
  return ENV_LABELS[env ?? 'prod'] ?? '';
}
