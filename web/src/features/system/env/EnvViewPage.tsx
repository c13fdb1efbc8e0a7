import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import { useEnvByKey } from './api';
import { envDefinition } from './definition';

/** The variable screen; `?envKey=` is accepted too and turned into the row's own address. */
export default function EnvViewPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const byKey = searchParams.has('envIdx') ? null : searchParams.get('envKey');
  const { data: found, isError } = useEnvByKey(byKey);

  useEffect(() => {
    if (found) navigate(`/system/env/view?envIdx=${String(found.envIdx)}`, { replace: true });
    if (isError) navigate('/system/env/list', { replace: true });
  }, [found, isError, navigate]);

  return byKey ? <Spin /> : <ResourceForm definition={envDefinition} />;
}
