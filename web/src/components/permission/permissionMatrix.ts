import type { PermissionKind } from '../../lib/permission';

/** The kinds of permission a program may offer, in the order the matrix shows them. */
export const PERMISSION_KINDS: PermissionKind[] = ['list', 'write', 'view', 'update', 'delete', 'download', 'other'];

export const KIND_LABELS: Record<PermissionKind, string> = {
  list: '목록',
  write: '등록',
  view: '조회',
  update: '수정',
  delete: '삭제',
  download: '다운로드',
  other: '기타',
};

/** A program as the matrix needs it: the kinds it offers decide which boxes exist. */
export interface MatrixProgram {
  prgCode: string;
  prgName: string;
  prgKinds: string[];
}

export type SelectionState = 'all' | 'some' | 'none';

export const permissionCode = (prgCode: string, kind: string) => `${prgCode}:${kind}`;

/** Every code the programs offer, optionally only of one program (a row) or one kind (a column). */
export function offeredCodes(programs: MatrixProgram[], only: { prgCode?: string; kind?: string } = {}): string[] {
  return programs
    .filter((program) => only.prgCode === undefined || program.prgCode === only.prgCode)
    .flatMap((program) =>
      PERMISSION_KINDS.filter((kind) => program.prgKinds.includes(kind) && (only.kind === undefined || only.kind === kind)).map(
        (kind) => permissionCode(program.prgCode, kind),
      ),
    );
}

/**
 * Grants (on) or withdraws (off) the target codes, leaving every other code as it was, including
 * codes of programs the matrix does not show. The result is sorted, so equal sets compare equal.
 */
export function setCodes(codes: string[], targets: string[], on: boolean): string[] {
  const next = new Set(codes);
  for (const target of targets) {
    if (on) next.add(target);
    else next.delete(target);
  }
  return [...next].sort();
}

/** How many of the targets are granted: all, some or none (none also when there are no targets). */
export function selectionState(codes: string[], targets: string[]): SelectionState {
  if (targets.length === 0) return 'none';
  const granted = new Set(codes);
  const count = targets.filter((target) => granted.has(target)).length;
  return count === 0 ? 'none' : count === targets.length ? 'all' : 'some';
}
