import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshScreens, renderResource } from '../../../test/screens';
import { qnaDefinition } from './definition';

const CODES: Record<string, [string, string][]> = {
  QNA_STATUS: [
    ['0', '답변대기'],
    ['1', '답변완료'],
  ],
};

const WAITING = {
  qnaIdx: 3,
  title: '소재 승인은 얼마나 걸리나요?',
  status: 0,
  askerName: '한빛광고',
  createdAt: '2026-05-02 10:00:00',
  answeredAt: null,
  newAnswer: false,
  body: '<p>어제 올린 소재가 아직 요청 상태입니다.</p>',
  answer: null,
  answererName: null,
  files: { files: [{ fileIdx: 9, fileName: '화면.png', fileSize: 1024 }] },
};

const ANSWERED = {
  ...WAITING,
  status: 1,
  answeredAt: '2026-05-02 15:00:00',
  newAnswer: true,
  answer: '<p>보통 <b>하루</b> 안에 승인됩니다.</p><img src="x" onerror="alert(1)">',
  answererName: '운영팀',
};

/** Every kind of the Q&A program, as both askers and managers hold it. */
const ALL = ['list', 'view', 'write', 'update', 'delete'].map((kind) => `board.qna:${kind}`);
const MANAGER = 10001;
const ADVERTISER = 10006;

function renderQna(entry: string, roleCd: number, detail: Record<string, unknown>) {
  return renderResource(qnaDefinition, entry, { permissions: ALL, roleCd, rows: [detail], detail, codes: CODES });
}

describe('Q&A', () => {
  beforeEach(freshScreens);

  it('lists the questions with their status, and marks an answer the asker has not read', async () => {
    renderQna('/board/qna/list', ADVERTISER, ANSWERED);
    expect(await screen.findByText('소재 승인은 얼마나 걸리나요?')).toBeTruthy();
    expect(await screen.findByText('답변완료')).toBeTruthy();
    expect(screen.getByText('새 답변')).toBeTruthy();
  });

  it('lets a manager answer a waiting question in the view', async () => {
    const calls = renderQna('/board/qna/view?qnaIdx=3', MANAGER, WAITING);
    await userEvent.click(await screen.findByRole('tab', { name: '답변 작성' }));
    const editor = screen.getByRole('textbox', { name: '답변 내용' });
    editor.innerHTML = '<p>오늘 안에 승인하겠습니다.</p>';
    fireEvent.input(editor);
    await userEvent.click(screen.getByRole('button', { name: '답변 등록' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/board/qna/jsonAnswer.do').map((call) => call.body)).toEqual([
        { qnaIdx: 3, answer: '<p>오늘 안에 승인하겠습니다.</p>' },
      ]),
    );
  });

  it('lets the asker change a question until it is answered, and offers no answer form', async () => {
    renderQna('/board/qna/view?qnaIdx=3', ADVERTISER, WAITING);
    expect(await screen.findByText('어제 올린 소재가 아직 요청 상태입니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^수\s*정$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^삭\s*제$/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '답변 작성' })).toBeNull();
    expect(screen.getByRole('link', { name: /화면\.png/ }).getAttribute('href')).toBe('/api/common/file/download/qna/9/%ED%99%94%EB%A9%B4.png');
  });

  it('shows the asker the answer made safe, and no longer lets them change or delete the question', async () => {
    renderQna('/board/qna/view?qnaIdx=3', ADVERTISER, ANSWERED);
    expect(await screen.findByText('운영팀')).toBeTruthy();
    const answer = Array.from(document.querySelectorAll('.rich-text-view')).find((view) => view.textContent?.includes('하루'));
    expect(answer?.innerHTML).toBe('<p>보통 <b>하루</b> 안에 승인됩니다.</p><img src="x">');
    expect(screen.queryByRole('button', { name: /수\s*정/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /삭\s*제/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: '답변 작성' })).toBeNull();
  });

  it('lets a manager rewrite an answer, starting from the one given', async () => {
    renderQna('/board/qna/view?qnaIdx=3', MANAGER, ANSWERED);
    await userEvent.click(await screen.findByRole('tab', { name: '답변 작성' }));
    expect(screen.getByRole('textbox', { name: '답변 내용' }).textContent).toBe('보통 하루 안에 승인됩니다.');
    expect(screen.getByRole('button', { name: '답변 수정' })).toBeTruthy();
    // Managers keep the question's own buttons.
    expect(screen.getByRole('button', { name: /^수\s*정$/ })).toBeTruthy();
  });
});
