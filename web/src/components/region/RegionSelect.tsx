import { Select, Space } from 'antd';
import { isSido, sidoOf, useRegions } from './regionApi';

interface RegionSelectProps {
  id?: string;
  value?: string | null;
  /** The sigungu's code, or the sido's while no sigungu is chosen; the empty value when cleared. */
  onChange?: (value: string | null) => void;
  /** What a cleared choice holds: null in forms, '' in search conditions. */
  emptyValue?: string | null;
  disabled?: boolean;
}

// Seoul alone has 25 districts: typing a few letters finds one.
const SEARCH_BY_NAME = { optionFilterProp: 'label' };

/** A region picked in two steps: a sido, then (once its sigungu have loaded) optionally a sigungu. */
export function RegionSelect({ id, value, onChange, emptyValue = null, disabled }: RegionSelectProps) {
  const code = value || '';
  const sido = code ? sidoOf(code) : null;
  const sigungu = code && !isSido(code) ? code : undefined;
  const sidoList = useRegions(null);
  const sigunguList = useRegions(sido, sido !== null);

  return (
    <Space.Compact className="region-select">
      <Select<string>
        id={id}
        aria-label="시도"
        placeholder="시도"
        showSearch={SEARCH_BY_NAME}
        allowClear
        disabled={disabled}
        loading={sidoList.isFetching}
        style={{ minWidth: 150 }}
        value={sido ?? undefined}
        options={sidoList.data?.map((region) => ({ value: region.rgnCd, label: region.rgnNm }))}
        onChange={(picked) => onChange?.(picked ?? emptyValue)}
      />
      <Select<string>
        aria-label="시군구"
        placeholder="시군구 (전체)"
        showSearch={SEARCH_BY_NAME}
        allowClear
        disabled={disabled || sido === null}
        loading={sigunguList.isFetching}
        style={{ minWidth: 170 }}
        value={sigungu}
        options={sigunguList.data?.map((region) => ({ value: region.rgnCd, label: region.rgnNm }))}
        onChange={(picked) => onChange?.(picked ?? sido)}
      />
    </Space.Compact>
  );
}
