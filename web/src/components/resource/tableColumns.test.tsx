import { render } from '@testing-library/react';
import { Providers } from '../../app/providers';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../common/listTypes';
import { NAME_COLUMN_CLASS, NAME_MIN_WIDTH, SELECTION_WIDTH, TEXT_WIDTH, tableMinWidth, toTableColumns } from './tableColumns';

const CAMPAIGN_COLUMNS: ColumnDefinition[] = [
  { field: 'cmpgId', title: 'ID', width: 80 },
  { field: 'cmpgTitle', title: '캠페인명', ellipsis: true, name: true },
  { field: 'advertiserCName', title: '광고주', ellipsis: true },
  { field: 'total', title: '금액(원)', kind: 'number', width: 120 },
];

describe('toTableColumns', () => {
  it('leaves the name column the rest of the width and gives every other column one', () => {
    const columns = toTableColumns(CAMPAIGN_COLUMNS);
    expect(columns.map((column) => column.width)).toEqual([80, undefined, TEXT_WIDTH, 120]);
    expect(columns[1].className).toBe(NAME_COLUMN_CLASS);
    expect(columns.filter((column) => column.className === NAME_COLUMN_CLASS)).toHaveLength(1);
  });

  it('makes the table at least as wide as its columns, the name at its readable minimum', () => {
    expect(tableMinWidth(CAMPAIGN_COLUMNS)).toBe(80 + NAME_MIN_WIDTH + TEXT_WIDTH + 120);
    expect(tableMinWidth(CAMPAIGN_COLUMNS, true)).toBe(80 + NAME_MIN_WIDTH + TEXT_WIDTH + 120 + SELECTION_WIDTH);
    // A name column narrower than the minimum keeps the minimum; a wider one its own width.
    expect(tableMinWidth([{ field: 'uName', title: '이름', width: 120, name: true }])).toBe(NAME_MIN_WIDTH);
    expect(tableMinWidth([{ field: 'groupNm', title: '그룹명', width: 260, name: true }])).toBe(260);
    // About twelve Korean characters.
    expect(NAME_MIN_WIDTH).toBeGreaterThanOrEqual(160);
  });

  it('cuts names to one line and shows the whole on hover', () => {
    const [, name, advertiser] = toTableColumns(CAMPAIGN_COLUMNS);
    const long = '밀과보리 봄맞이 입주민 할인 행사 3월 한정 특별 이벤트';
    const { container } = render(name.render!(long, { cmpgTitle: long }, 0) as ReactElement);
    expect(container.querySelector(`[title="${long}"]`)?.textContent).toBe(long);
    expect(name.ellipsis).toBeTruthy();
    const header = render(name.title as ReactElement);
    expect(header.container.querySelector('[title="캠페인명"]')).not.toBeNull();
    const cut = render(advertiser.render!('주식회사 밀과보리', {}, 0) as ReactElement);
    expect(cut.container.querySelector('[title="주식회사 밀과보리"]')).not.toBeNull();
  });

  it('shows on hover what a rendered cell reads, and no code values', () => {
    const [rendered, coded] = toTableColumns([
      { field: 'poiNm', title: '사이트', ellipsis: true, render: (value) => (value ? String(value) : '전체') },
      { field: 'templateType', title: '템플릿', cdKey: 'TEMPLATE_TYPE', ellipsis: true },
    ]);
    const { container } = render(rendered.render!(null, {}, 0) as ReactElement);
    expect(container.querySelector('[title="전체"]')).not.toBeNull();
    const code = render(<Providers>{coded.render!(2, {}, 0) as ReactElement}</Providers>);
    expect(code.container.querySelector('[title="2"]')).toBeNull();
  });
});
