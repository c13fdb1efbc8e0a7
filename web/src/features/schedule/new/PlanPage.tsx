import { ResourceList } from '../../../components/resource/ResourceList';
import { usePermissions } from '../../../lib/permission';
import '../schedule/schedule.css';
import { GenerateForm } from './GenerateForm';
import { planDefinition } from './planDefinition';

/** Plans to come: generating them for chosen groups and days (who may write schedules), and the plans made. */
export default function PlanPage() {
  const can = usePermissions('schedule.schedule');
  return (
    <div className="schedule-new">
      {can.write && <GenerateForm />}
      <ResourceList definition={planDefinition} />
    </div>
  );
}
