import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { codeDefinition } from '../../features/system/code/definition';
import { envDefinition } from '../../features/system/env/definition';
import { queryClient } from '../../lib/queryClient';
import { startSession } from '../../lib/session/sessionStore';
import type { SessionUser } from '../../lib/session/user';
import { answer } from '../../test/doubles';
import { renderRoutes, serveApi } from '../../test/screens';
import type { ResourceDefinition } from './definition';
import { ResourceForm } from './ResourceForm';

const YN: [string, string][] = [
  ['Y', '사용'],
  ['N', '미사용'],
];

/** Answers code lists and details; the save answer is given by the test. */
function stubServer(saveAnswer: () => Response) {
  const calls = serveApi(
    (url) => {
      if (url.endsWith('/jsonSave.do')) return saveAnswer();
      if (url === '/api/system/env/jsonDetail.do') {
        return { envIdx: 7, envKey: 'SMS_AUTH_YN', envValue: 'N', envDesc: 'SMS 인증', updatedAt: '2025-01-02 03:04:05' };
      }
      return null;
    },
    { USE_YN: YN },
  );
  return { saves: () => calls.filter((call) => call.url.endsWith('/jsonSave.do')).map((call) => call.body) };
}

function renderForm(definition: ResourceDefinition, entry: string, programCodeList: string[]) {
  startSession({ uId: 'tester', initPwdYn: 'N', programCodeList } as unknown as SessionUser);
  return renderRoutes([{ path: `${definition.routeBase}/view`, element: <ResourceForm definition={definition} /> }], entry);
}

describe('ResourceForm', () => {
  beforeEach(() => {
    queryClient.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('registers a row with its defaults, leaving empty fields out, and opens it', async () => {
    const server = stubServer(() => answer({ code: 0, message: '', data: { cdIdx: 5 } }));
    const router = renderForm(codeDefinition, '/system/code/view', ['system.code:write']);
    expect(await screen.findByText('공통코드 등록')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('코드 키'), 'CMPG_STATUS');
    await userEvent.type(screen.getByLabelText('코드 그룹명'), '캠페인 상태');
    await userEvent.type(screen.getByLabelText('코드'), ' 3 ');
    await userEvent.type(screen.getByLabelText('코드명'), '임시저장');
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?cdIdx=5'));
    expect(server.saves()).toEqual([
      { cdKey: 'CMPG_STATUS', cdDist: '캠페인 상태', cdCode: '3', cdName: '임시저장', cdOrder: 0, useYn: 'Y' },
    ]);
  });

  it('shows the field errors of a 10400 answer on their fields', async () => {
    stubServer(() =>
      answer({ code: 10400, message: '입력값을 확인해 주세요.', data: { fieldErrors: { cdCode: '이미 등록된 코드입니다.' } } }, 400),
    );
    renderForm(codeDefinition, '/system/code/view', ['system.code:write']);
    await userEvent.type(await screen.findByLabelText('코드 키'), 'USE_YN');
    await userEvent.type(screen.getByLabelText('코드 그룹명'), '사용 여부');
    await userEvent.type(screen.getByLabelText('코드'), 'Y');
    await userEvent.type(screen.getByLabelText('코드명'), '사용');
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    expect(await screen.findByText('이미 등록된 코드입니다.')).toBeTruthy();
  });

  it('refuses a key that is not written like a constant before asking the server', async () => {
    const server = stubServer(() => answer({ code: 0, message: '', data: { cdIdx: 1 } }));
    renderForm(codeDefinition, '/system/code/view', ['system.code:write']);
    await userEvent.type(await screen.findByLabelText('코드 키'), 'use-yn');
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    expect(await screen.findByText('영문 대문자, 숫자, _만 사용할 수 있습니다.')).toBeTruthy();
    expect(server.saves()).toEqual([]);
  });

  it('modifies a row: the id goes along, server-set fields do not, a fixed key cannot change', async () => {
    const server = stubServer(() => answer({ code: 0, message: '', data: { envIdx: 7 } }));
    renderForm(envDefinition, '/system/env/view?envIdx=7', ['system.env:view', 'system.env:update']);
    expect(await screen.findByText('2025-01-02 03:04:05')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /삭\s*제/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /수\s*정/ }));
    expect((screen.getByLabelText('키') as HTMLInputElement).disabled).toBe(true);
    const value = screen.getByLabelText('값');
    await userEvent.clear(value);
    await userEvent.type(value, 'Y');
    await userEvent.click(screen.getByRole('button', { name: /저\s*장/ }));
    await waitFor(() =>
      expect(server.saves()).toEqual([{ envIdx: 7, envKey: 'SMS_AUTH_YN', envValue: 'Y', envDesc: 'SMS 인증' }]),
    );
  });

  it('offers no save to a user who may only view', async () => {
    stubServer(() => answer({ code: 0, message: '', data: null }));
    renderForm(envDefinition, '/system/env/view?envIdx=7', ['system.env:view']);
    expect(await screen.findByText('SMS_AUTH_YN')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /수\s*정/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /삭\s*제/ })).toBeNull();
  });
});
