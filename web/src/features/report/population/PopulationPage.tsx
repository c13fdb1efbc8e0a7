import { Breadcrumb, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { RegionName } from '../../../components/region/RegionName';
import { PopulationTable } from './PopulationTable';
import { isSidoPrefix, regionCodeOf } from './regionPrefix';

/**
 * /report/wpopl/list: households and expected audience of the sites per sido, then per sigungu of a
 * sido; the region shown lives in the address (`?rgnCd=`), so the browser's back button climbs back.
 */
export default function PopulationPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('rgnCd');
  const prefix = isSidoPrefix(asked) ? asked : null;

  return (
    <div className="population-screen">
      <Typography.Title level={4}>지역별 세대·노출 인원</Typography.Title>
      <Typography.Paragraph type="secondary">
        사이트의 세대 수에 지역별 노출 배수를 곱한 예상 노출 인원입니다. 시도를 누르면 시군구별로 나누어 봅니다.
      </Typography.Paragraph>
      <Breadcrumb
        className="population-trail"
        style={{ marginBottom: 12 }}
        items={[
          { key: 'all', title: prefix ? <Link to="?">전국</Link> : '전국' },
          ...(prefix ? [{ key: prefix, title: <RegionName code={regionCodeOf(prefix)} /> }] : []),
        ]}
      />
      <PopulationTable prefix={prefix} onOpen={(next) => setParams({ rgnCd: next })} />
    </div>
  );
}
