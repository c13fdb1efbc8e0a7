import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../lib/queryClient';
import { answer } from '../../test/doubles';
import { RegionName } from './RegionName';

const NAMES: Record<string, string> = {
  '1168010100': '서울특별시 강남구 역삼동',
  '1100000000': '서울특별시',
  '2635000000': '부산광역시 해운대구',
};

function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const codes = new URL(url, 'http://localhost').searchParams.get('codes')?.split(',') ?? Object.keys(NAMES);
      return answer({ code: 0, message: '', data: Object.fromEntries(codes.filter((code) => NAMES[code]).map((code) => [code, NAMES[code]])) });
    }),
  );
  return asked;
}

const codesAsked = (url: string) => new URL(url, 'http://localhost').searchParams.get('codes')?.split(',').sort();

describe('RegionName', () => {
  beforeEach(() => queryClient.clear());

  it('asks the names of just the codes shown together, in one request, and keeps them', async () => {
    const asked = stubServer();
    const { rerender } = render(
      <Providers>
        <p><RegionName code="1168010100" /></p>
        <p><RegionName code="1100000000" /></p>
        <p><RegionName code="1168010100" /></p>
        <p><RegionName code="9999999999" /></p>
        <p><RegionName code="11" /></p>
      </Providers>,
    );
    expect(await screen.findAllByText('서울특별시 강남구 역삼동')).toHaveLength(2);
    expect(screen.getByText('서울특별시')).toBeTruthy();
    // Unknown: the code itself.
    expect(screen.getByText('9999999999')).toBeTruthy();
    // Not a legal-dong code: shown as it is, never asked about.
    expect(screen.getByText('11')).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(asked[0].startsWith('/api/data/bcode/map?')).toBe(true);
    expect(codesAsked(asked[0])).toEqual(['1100000000', '1168010100', '9999999999']);

    rerender(
      <Providers>
        <p><RegionName code="1100000000" /></p>
        <p><RegionName code="2635000000" /></p>
      </Providers>,
    );
    expect(await screen.findByText('부산광역시 해운대구')).toBeTruthy();
    expect(asked).toHaveLength(2);
    expect(codesAsked(asked[1])).toEqual(['2635000000']);
  });
});
