import { FilterForm } from '../common/FilterForm';
import { PopupField } from '../popup/PopupField';
import type { ListFilterDefinition } from './definition';

interface ListFilterFormProps {
  filters: ListFilterDefinition[];
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
}

/** The search conditions above a list: those in place, and those chosen in a search popup. */
export function ListFilterForm({ filters, values, onSearch }: ListFilterFormProps) {
  return (
    <FilterForm
      filters={filters}
      values={values}
      onSearch={onSearch}
      customControl={(filter, control) =>
        filter.popup ? <PopupField popup={filter.popup} asText placeholder="전체" {...control} /> : null
      }
    />
  );
}
