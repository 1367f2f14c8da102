import { useId, useState, type ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

export type Tab<V extends string> = { value: V; label: ReactNode; panel: ReactNode };

type Props<V extends string> = {
  tabs: readonly Tab<V>[];
  /** The tab list's accessible name. */
  label: string;
  /** Controlled use; without it the first tab (or `defaultValue`) starts selected. */
  value?: V;
  onValueChange?: (value: V) => void;
  defaultValue?: V;
  listClassName?: string;
  triggerClassName?: string;
  panelClassName?: string;
};

/**
 * Radix's tab list (arrow keys, roving focus, activation on focus, the ARIA states) with panels
 * of our own. Radix's Tabs.Content wraps each panel in its Presence, which reads
 * `getComputedStyle(panel).animationName` while React commits: a style recalculation of the
 * whole page inside the first commit, for panels that
 * never animate. As with Radix, every panel is in the document, only the selected one filled.
 */
export function Tabs<V extends string>({
  tabs,
  label,
  value: controlled,
  onValueChange,
  defaultValue,
  listClassName,
  triggerClassName,
  panelClassName,
}: Props<V>) {
  const base = useId();
  const [own, setOwn] = useState<V | undefined>(defaultValue ?? tabs[0]?.value);
  const value = controlled ?? own;
  const tabId = (v: V) => `${base}-tab-${v}`;
  const panelId = (v: V) => `${base}-panel-${v}`;
  const select = (next: string) => {
    setOwn(next as V);
    onValueChange?.(next as V);
  };

  return (
    <RadixTabs.Root value={value} onValueChange={select}>
      <RadixTabs.List className={listClassName} aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            id={tabId(tab.value)}
            aria-controls={panelId(tab.value)}
            className={triggerClassName}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={panelId(tab.value)}
          aria-labelledby={tabId(tab.value)}
          hidden={tab.value !== value}
          tabIndex={0}
          className={panelClassName}
        >
          {tab.value === value && tab.panel}
        </div>
      ))}
    </RadixTabs.Root>
  );
}
