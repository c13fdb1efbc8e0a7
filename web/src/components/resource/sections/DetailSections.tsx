import { Tabs } from 'antd';
import type { ResourceDefinition, Row } from '../definition';
import { EditableRelatedTable } from './EditableRelatedTable';
import { RelatedFacts } from './RelatedFacts';
import { RelatedTable } from './RelatedTable';

/** The tabs below a view screen, one per related section of the definition. */
export function DetailSections({ definition, row }: { definition: ResourceDefinition; row: Row }) {
  const sections = definition.sections ?? [];
  if (sections.length === 0) return null;
  return (
    <Tabs
      className="detail-sections"
      items={sections.map((section) => ({
        key: section.key,
        label: section.title,
        children:
          section.kind === 'facts' ? (
            <RelatedFacts definition={definition} url={section.url} body={section.body(row)} fields={section.fields} />
          ) : section.kind === 'table' ? (
            <RelatedTable
              definition={definition}
              url={section.url}
              body={section.body(row)}
              columns={section.columns}
              rowKey={section.rowKey}
              openPath={section.openPath}
            />
          ) : (
            <EditableRelatedTable definition={definition} section={section} row={row} />
          ),
      }))}
    />
  );
}
