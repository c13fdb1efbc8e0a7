import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/screens';
import { FormActions } from './FormActions';

describe('FormActions', () => {
  it('offers saving only to users holding the right it needs', () => {
    signIn(['content.content:write']);
    const { rerender } = render(<FormActions onBack={() => undefined} program="content.content" right="write" />);
    expect(screen.getByRole('button', { name: '저장' }).getAttribute('type')).toBe('submit');
    rerender(<FormActions onBack={() => undefined} program="content.content" right="update" />);
    expect(screen.queryByRole('button', { name: '저장' })).toBeNull();
    expect(screen.getByRole('button', { name: '취소' })).toBeTruthy();
  });

  it('leaves the decision to the screen where it knows more, and draws nothing with nothing to offer', () => {
    signIn([]);
    const { container, rerender } = render(<FormActions allowed={false} />);
    expect(container.innerHTML).toBe('');
    rerender(
      <FormActions onBack={() => undefined} backLabel="목록" allowed>
        <Button>임시저장</Button>
      </FormActions>,
    );
    expect(screen.getByRole('button', { name: '목록' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '임시저장' })).toBeTruthy();
  });

  it('calls its handlers', async () => {
    signIn([]);
    const back = vi.fn();
    const save = vi.fn();
    render(<FormActions onBack={back} saveLabel="변경 요청" onSave={save} />);
    await userEvent.click(screen.getByRole('button', { name: '취소' }));
    await userEvent.click(screen.getByRole('button', { name: '변경 요청' }));
    expect([back.mock.calls.length, save.mock.calls.length]).toEqual([1, 1]);
  });
});
