import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { FieldValue } from '../resource/FieldValue';
import { MEDIA_STATUS_COLORS } from './mediaStatusColors';

const MEDIA_STATUS = [
  { cdCode: '0', cdName: 'ON' },
  { cdCode: '1', cdName: 'OFF' },
  { cdCode: '2', cdName: '이상감지' },
  { cdCode: '3', cdName: '비정상' },
  { cdCode: '4', cdName: '장애' },
];

function stubCodes() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer({ code: 0, message: '', data: { list: MEDIA_STATUS } })),
  );
}

const shape = { cdKey: 'MEDIA_STATUS', tagColors: MEDIA_STATUS_COLORS };

describe('status tags', () => {
  beforeEach(() => queryClient.clear());

  it.each([
    [0, 'ON', 'green'],
    [2, '이상감지', 'gold'],
    [3, '비정상', 'orange'],
    [4, '장애', 'red'],
  ])('shows status %s as a tag named %s in %s', async (status, name, colour) => {
    stubCodes();
    render(
      <Providers>
        <FieldValue shape={shape} value={status} />
      </Providers>,
    );
    const tag = (await screen.findByText(name)).closest('.ant-tag');
    expect(tag?.className).toContain(`ant-tag-${colour}`);
  });

  it('shows an off screen as a plain tag, and nothing for no status', async () => {
    stubCodes();
    const { container } = render(
      <Providers>
        <FieldValue shape={shape} value={1} />
        <FieldValue shape={shape} value={null} />
      </Providers>,
    );
    const tag = (await screen.findByText('OFF')).closest('.ant-tag');
    expect(tag?.className).not.toMatch(/ant-tag-(green|gold|orange|red)/);
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(1);
  });

  it('keeps a code without colours as plain text', async () => {
    stubCodes();
    const { container } = render(
      <Providers>
        <FieldValue shape={{ cdKey: 'MEDIA_STATUS' }} value={4} />
      </Providers>,
    );
    expect(await screen.findByText('장애')).toBeTruthy();
    expect(container.querySelector('.ant-tag')).toBeNull();
  });
});
