import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { PermissionMatrix } from './PermissionMatrix';
import type { MatrixProgram } from './permissionMatrix';

const programs: MatrixProgram[] = [
  { prgCode: 'system.code', prgName: '공통코드', prgKinds: ['list', 'view', 'write'] },
  { prgCode: 'campaign.run', prgName: '진행 캠페인', prgKinds: ['list', 'update'] },
];

/** The matrix holding its own value, recording every change it reports. */
function renderMatrix(initial: string[], disabled = false) {
  const changes: string[][] = [];
  function Holder() {
    const [codes, setCodes] = useState(initial);
    return (
      <PermissionMatrix
        programs={programs}
        value={codes}
        disabled={disabled}
        onChange={(next) => {
          changes.push(next);
          setCodes(next);
        }}
      />
    );
  }
  render(
    <Providers>
      <Holder />
    </Providers>,
  );
  return changes;
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('PermissionMatrix', () => {
  it('shows a box only where the program offers the kind, checked when granted', () => {
    renderMatrix(['system.code:list']);
    expect(box('공통코드 목록').checked).toBe(true);
    expect(box('공통코드 조회').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: '공통코드 수정' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: '진행 캠페인 조회' })).toBeNull();
    // A kind no program offers has nothing to select.
    expect(box('삭제 전체').disabled).toBe(true);
  });

  it('toggles one permission, keeping codes of programs not shown', async () => {
    const changes = renderMatrix(['media.poi:list', 'system.code:list']);
    await userEvent.click(box('진행 캠페인 수정'));
    expect(changes.at(-1)).toEqual(['campaign.run:update', 'media.poi:list', 'system.code:list']);
    await userEvent.click(box('공통코드 목록'));
    expect(changes.at(-1)).toEqual(['campaign.run:update', 'media.poi:list']);
  });

  it('selects and clears a whole row', async () => {
    const changes = renderMatrix(['system.code:list']);
    const row = box('공통코드 전체');
    expect(row.checked).toBe(false);
    expect(row.closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate')).toBe(true);
    await userEvent.click(row);
    expect(changes.at(-1)).toEqual(['system.code:list', 'system.code:view', 'system.code:write']);
    expect(box('공통코드 전체').checked).toBe(true);
    await userEvent.click(box('공통코드 전체'));
    expect(changes.at(-1)).toEqual([]);
  });

  it('selects and clears a whole column', async () => {
    const changes = renderMatrix(['system.code:view']);
    await userEvent.click(box('목록 전체'));
    expect(changes.at(-1)).toEqual(['campaign.run:list', 'system.code:list', 'system.code:view']);
    expect(box('공통코드 목록').checked).toBe(true);
    expect(box('진행 캠페인 목록').checked).toBe(true);
    await userEvent.click(box('목록 전체'));
    expect(changes.at(-1)).toEqual(['system.code:view']);
  });

  it('changes nothing while disabled', async () => {
    const changes = renderMatrix(['system.code:list'], true);
    expect(box('공통코드 조회').disabled).toBe(true);
    expect(box('공통코드 전체').disabled).toBe(true);
    expect(box('목록 전체').disabled).toBe(true);
    await userEvent.click(box('공통코드 조회'), { pointerEventsCheck: 0 });
    expect(changes).toEqual([]);
    expect(box('공통코드 조회').checked).toBe(false);
  });
});
