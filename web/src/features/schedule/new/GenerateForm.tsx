import { PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Radio } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PeriodField } from '../../../components/form/PeriodField';
import { PopupManyField } from '../../../components/popup/PopupManyField';
import { mediaGroupPopup } from '../../../components/searchPopups/mediaGroupPopup';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import { dayOf } from '../../../lib/dates';
import { notifySuccess } from '../../../lib/notify';
import { generationBody, MAX_GENERATION_DAYS } from './generationBody';
import { GenerationProgress } from './GenerationProgress';

interface GenerateValues {
  scope: 'all' | 'some';
  mgIds?: number[];
  period: [string, string] | null;
}

/** Today to a week ahead: the plans the nightly job keeps. */
const defaultPeriod = (): [string, string] => [dayOf(), dayjs().add(7, 'day').format('YYYY-MM-DD')];

/** Generates the plans of some groups (or every live group) for up to 31 days, then follows the job. */
export function GenerateForm() {
  const [form] = Form.useForm<GenerateValues>();
  const scope = Form.useWatch('scope', form);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [execIdx, setExecIdx] = useState<number | null>(null);

  const submit = async (values: GenerateValues) => {
    const built = generationBody({ allGroups: values.scope === 'all', mgIds: (values.mgIds ?? []).map(Number), period: values.period });
    if ('problem' in built) return setProblem(built.problem);
    setProblem(null);
    setSending(true);
    try {
      const answer = unwrap(await postJson<{ groups: number; days: number; execIdx: number }>('/api/schedule/schedule/jsonGenerate.do', built.body));
      notifySuccess(`${answer.groups}개 그룹 × ${answer.days}일 편성 생성을 시작했습니다.`);
      setExecIdx(answer.execIdx);
    } catch {
      // the failure was alerted by the client library
    } finally {
      setSending(false);
    }
  };

  return (
    <Card size="small" title="편성 생성" className="campaign-section">
      <Form<GenerateValues>
        form={form}
        name="schedule_generate"
        layout="vertical"
        initialValues={{ scope: 'some', mgIds: [], period: defaultPeriod() }}
        onFinish={submit}
      >
        <Form.Item name="scope" label="대상">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'some', label: '선택한 그룹' },
              { value: 'all', label: '운영 중인 전체 그룹' },
            ]}
          />
        </Form.Item>
        {scope !== 'all' && (
          <Form.Item name="mgIds" label="매체 그룹">
            <PopupManyField popup={mediaGroupPopup} />
          </Form.Item>
        )}
        <Form.Item name="period" label={`기간 (최대 ${MAX_GENERATION_DAYS}일)`}>
          <PeriodField />
        </Form.Item>
        {problem && <Alert type="warning" showIcon title={problem} className="list-problem" />}
        <Button type="primary" htmlType="submit" icon={<PlayCircleOutlined />} loading={sending}>
          생성
        </Button>
      </Form>
      {execIdx !== null && <GenerationProgress key={execIdx} execIdx={execIdx} />}
    </Card>
  );
}
