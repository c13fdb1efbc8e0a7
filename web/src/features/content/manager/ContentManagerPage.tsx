import { Card, Empty, Form, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormActions } from '../../../components/form/FormActions';
import { RemoteSelect } from '../../../components/form/RemoteSelect';
import { YnSwitch } from '../../../components/form/YnSwitch';
import { PopupField } from '../../../components/popup/PopupField';
import type { Row } from '../../../components/resource/definition';
import { useResourceDetail, useSaveResource } from '../../../components/resource/resourceApi';
import { ResourceList } from '../../../components/resource/ResourceList';
import { mediaGroupPopup } from '../../../components/searchPopups/mediaGroupPopup';
import { notifySuccess } from '../../../lib/notify';
import { contentManagerDefinition, newsProviderOptions } from './definition';

interface Settings {
  nssId?: number | null;
  newsYn: 'Y' | 'N';
  weatherYn: 'Y' | 'N';
  noticeYn: 'Y' | 'N';
}

/** A group's settings as the form holds them; a group never set starts from the defaults (notices only). */
function toSettings(row: Row | undefined): Settings {
  const yn = (value: unknown, fallback: 'Y' | 'N') => (value === 'Y' || value === 'N' ? value : fallback);
  return {
    nssId: row?.nssId === undefined || row.nssId === null ? null : Number(row.nssId),
    newsYn: yn(row?.newsYn, 'N'),
    weatherYn: yn(row?.weatherYn, 'N'),
    noticeYn: yn(row?.noticeYn, 'Y'),
  };
}

/** The settings of one group as stored (the defaults until it is set). */
function GroupSettings({ mgId }: { mgId: number }) {
  const detail = useResourceDetail(contentManagerDefinition, String(mgId));
  if (detail.isPending) return <Spin />;
  return <SettingsForm mgId={mgId} row={detail.data} />;
}

/** A group's news provider and its news, weather and notice switches. */
function SettingsForm({ mgId, row }: { mgId: number; row: Row | undefined }) {
  const save = useSaveResource(contentManagerDefinition);
  const [form] = Form.useForm<Settings>();
  const initialValues = useMemo(() => toSettings(row), [row]);
  const values = { ...initialValues, ...Form.useWatch([], { form, preserve: true }) };

  const submit = async (entered: Settings) => {
    const body = { mgId, ...(entered.nssId ? { nssId: entered.nssId } : {}), newsYn: entered.newsYn, weatherYn: entered.weatherYn, noticeYn: entered.noticeYn };
    try {
      await save.mutateAsync({ row: body });
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('저장되었습니다.');
  };

  return (
    <Form<Settings> form={form} name="content_manager" layout="vertical" initialValues={initialValues} onFinish={submit}>
      <div className="form-grid">
        <Form.Item name="nssId" label="뉴스 제공사">
          <RemoteSelect source={newsProviderOptions} values={values} />
        </Form.Item>
        <Form.Item name="newsYn" label="뉴스">
          <YnSwitch />
        </Form.Item>
        <Form.Item name="weatherYn" label="날씨">
          <YnSwitch />
        </Form.Item>
        <Form.Item name="noticeYn" label="하단 공지">
          <YnSwitch />
        </Form.Item>
      </div>
      <FormActions program={contentManagerDefinition.program} right="update" saving={save.isPending} />
    </Form>
  );
}

/** Lower content settings: a group picked (in the popup or the list below) and its settings, then every group's. */
export default function ContentManagerPage() {
  const [params] = useSearchParams();
  const [mgId, setMgId] = useState<number | null>(() => (params.get('mgId') ? Number(params.get('mgId')) : null));

  return (
    <div className="content-manager">
      <ResourceList
        definition={contentManagerDefinition}
        onRowOpen={(row) => setMgId(Number(row.mgId))}
        intro={
          <Card size="small" title="그룹별 설정" className="campaign-section">
            <Form layout="inline" name="content_manager_group">
              <Form.Item label="매체 그룹" htmlFor="content_manager_mgId">
                <PopupField id="content_manager_mgId" popup={mediaGroupPopup} value={mgId} onChange={(picked) => setMgId(picked ? Number(picked) : null)} />
              </Form.Item>
            </Form>
            {mgId === null ? <Empty description="매체 그룹을 선택해 주세요." /> : <GroupSettings key={mgId} mgId={mgId} />}
          </Card>
        }
      />
    </div>
  );
}
