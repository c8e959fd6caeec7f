import { useState, type ComponentType } from 'react';

/** The props of a screen whose container keeps its tab and filters (Phone Numbers, SMS, WhatsApp). */
interface TabAndFilters {
  filters: unknown;
  onFiltersChange: (filters: never) => void;
  tab: unknown;
  onTabChange: (tab: never) => void;
}

/**
 * For stories: the screen with its tab and filters kept in local state the way its container
 * keeps them, still reporting filter changes to the story's `onFiltersChange` spy.
 */
export function withLocalTabAndFilters<P extends TabAndFilters>(Screen: ComponentType<P>) {
  type F = P['filters'];
  type T = P['tab'];
  return function LocalTabAndFilters(props: P) {
    const [filters, setFilters] = useState<F>(props.filters);
    const [tab, setTab] = useState<T>(props.tab);
    return (
      <Screen
        {...props}
        filters={filters}
        onFiltersChange={(f: F) => {
          setFilters(f);
          (props.onFiltersChange as (filters: F) => void)(f);
        }}
        tab={tab}
        onTabChange={setTab}
      />
    );
  };
}
