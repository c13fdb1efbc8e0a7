import { SearchOutlined } from '@ant-design/icons';
import { Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../lib/useDebounced';
import { holds, sidoOf, useRegions, useRegionSearch, type Region } from './regionApi';

interface RegionSelectProps {
  id?: string;
  value?: string | null;
  /** The deepest region chosen, as its 10-digit code; the empty value when cleared. */
  onChange?: (value: string | null) => void;
  /** What a cleared choice holds: null in forms, '' in search conditions. */
  emptyValue?: string | null;
  disabled?: boolean;
}

const LEVELS = [
  { level: 1, label: '시도', width: 140 },
  { level: 2, label: '시군구', width: 140 },
  { level: 3, label: '읍면동', width: 130 },
  { level: 4, label: '리', width: 110 },
];

// Seoul alone has 25 districts: typing a few letters finds one.
const SEARCH_BY_NAME = { optionFilterProp: 'label' };
const SEARCH_PAUSE_MS = 300;

/** The regions right below a chosen one (none while nothing is chosen, or below a ri). */
function useRegionsBelow(parent: { rgnCd: string; level: number } | null) {
  const query = useRegions(parent?.rgnCd ?? null, parent !== null && parent.level < 4);
  // Without a parent the query's key is the sido list's: its cached data is not ours.
  return { list: parent === null ? undefined : query.data, loading: parent !== null && query.isFetching };
}

const onPath = (list: Region[] | undefined, code: string) => list?.find((region) => holds(region, code));

/** A region at any level, the levels chosen in turn or a region found by name. */
export function RegionSelect({ id, value, onChange, emptyValue = null, disabled }: RegionSelectProps) {
  const code = value || '';
  const sidoList = useRegions(null);
  // The chosen regions, level by level: each list below is asked once the region above it is known.
  // Levels may be skipped (a sido without sigungu holds its eup/myeon/dong directly).
  const sido = code ? { rgnCd: sidoOf(code), level: 1 } : null;
  const below1 = useRegionsBelow(sido);
  const step1 = onPath(below1.list, code) ?? null;
  const below2 = useRegionsBelow(step1);
  const step2 = onPath(below2.list, code) ?? null;
  const below3 = useRegionsBelow(step2);
  const step3 = onPath(below3.list, code) ?? null;

  const chosen = new Map<number, string>();
  for (const region of [sido, step1, step2, step3]) if (region) chosen.set(region.level, region.rgnCd);

  // The options of each level: the regions below the chosen region they hang from.
  const offered = new Map<number, { options: Region[]; parent: string | null }>();
  offered.set(1, { options: sidoList.data ?? [], parent: null });
  const loadingLevel = new Set<number>();
  for (const [parent, below] of [
    [sido, below1],
    [step1, below2],
    [step2, below3],
  ] as const) {
    if (!parent) continue;
    if (below.loading) loadingLevel.add(parent.level + 1);
    const level = below.list?.[0]?.level;
    if (level !== undefined) offered.set(level, { options: below.list ?? [], parent: parent.rgnCd });
  }

  return (
    <Space.Compact className="region-select">
      {LEVELS.map(({ level, label, width }) => {
        const choice = offered.get(level);
        return (
          <Select<string>
            key={level}
            id={level === 1 ? id : undefined}
            aria-label={label}
            placeholder={level === 1 ? label : `${label} (전체)`}
            showSearch={SEARCH_BY_NAME}
            allowClear
            disabled={disabled || choice === undefined || (level > 1 && choice.options.length === 0)}
            loading={level === 1 ? sidoList.isFetching : loadingLevel.has(level)}
            style={{ minWidth: width }}
            value={chosen.get(level)}
            options={choice?.options.map((region) => ({ value: region.rgnCd, label: region.rgnNm }))}
            onChange={(picked) => onChange?.(picked ?? choice?.parent ?? emptyValue)}
          />
        );
      })}
      <RegionSearch disabled={disabled} onPick={(picked) => onChange?.(picked)} />
    </Space.Compact>
  );
}

/** Finds a region of any level by part of its name and jumps straight to it. */
function RegionSearch({ disabled, onPick }: { disabled?: boolean; onPick: (code: string) => void }) {
  const [text, setText] = useState('');
  const searched = useDebounced(text, SEARCH_PAUSE_MS);
  const found = useRegionSearch(searched);
  const settled = searched.trim() !== '' && searched === text && !found.isFetching;
  return (
    <Select<string>
      aria-label="지역 검색"
      placeholder="지역명 검색"
      disabled={disabled}
      suffixIcon={<SearchOutlined />}
      style={{ minWidth: 200 }}
      value={null}
      showSearch={{ searchValue: text, onSearch: setText, filterOption: false }}
      notFoundContent={text.trim() === '' ? null : settled ? '검색 결과가 없습니다.' : <Spin size="small" />}
      options={
        searched.trim() === '' ? [] : (found.data ?? []).map((region) => ({ value: region.rgnCd, label: region.fullNm ?? region.rgnNm }))
      }
      onChange={(picked) => {
        setText('');
        if (picked) onPick(picked);
      }}
    />
  );
}
