import { usePrograms } from '../../../components/permission/programsApi';

/** Targets of the history that are no programs: campaigns (all four lists) and a corp's contacts. */
const OTHER_TARGETS: Record<string, string> = {
  campaign: '캠페인',
  'account.corp.person': '사업자 담당자',
};

/** The name of a program code, as the program list calls it; the code itself while unknown. */
export function useTargetName(code: unknown): string {
  const { data: programs = [] } = usePrograms();
  const text = String(code ?? '');
  return programs.find((program) => program.prgCode === text)?.prgName ?? OTHER_TARGETS[text] ?? text;
}

/** What a history row changed, by the name people know it by (the code on hover). */
export function TargetName({ code }: { code: unknown }) {
  const name = useTargetName(code);
  return <span title={String(code ?? '')}>{name}</span>;
}
