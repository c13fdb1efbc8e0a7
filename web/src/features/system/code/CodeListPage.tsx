import { ResourceList } from '../../../components/resource/ResourceList';
import { codeDefinition } from './definition';

export default function CodeListPage() {
  return <ResourceList definition={codeDefinition} />;
}
