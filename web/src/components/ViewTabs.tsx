import { Suspense, useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LoadingBlock } from './LoadingBlock';

/** The query parameter holding the view on screen; absent for a page's first view. */
export const VIEW_PARAM = 'view';

export interface View {
  /** The view's name in the URL (`?view=chart`). */
  value: string;
  label: string;
  /** What the panel shows; a lazy component here downloads only once its tab is chosen. */
  content: ReactNode;
  /** Shown while the content's code downloads (a block of its height keeps the page still). */
  fallback?: ReactNode;
}

/** The search with another view chosen: the first view (`null`) takes the parameter out. */
export function withView(search: URLSearchParams, value: string | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(VIEW_PARAM);
  else next.set(VIEW_PARAM, value);
  return next;
}

/**
 * Views of the same data (a grid, a chart) as tabs, one panel on screen at a time. Only the chosen
 * panel is rendered, so the code of the others is not downloaded until their tab is chosen. The
 * choice lives in the URL like the grids' state: a view can be linked and survives a reload, and
 * choosing one replaces the history entry rather than adding to it.
 */
export function ViewTabs({ views, label }: { views: readonly View[]; label: string }) {
  const [search, setSearch] = useSearchParams();
  const id = useId();
  const wanted = search.get(VIEW_PARAM);
  const current = views.find((v) => v.value === wanted) ?? views[0];
  const tabId = (v: View) => `${id}-tab-${v.value}`;
  const panelId = (v: View) => `${id}-panel-${v.value}`;
  const choose = (value: string) => setSearch((prev) => withView(prev, value === views[0].value ? null : value), { replace: true });
  return (
    <Box>
      <Tabs value={current.value} onChange={(_event, value: string) => choose(value)} aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {views.map((v) => (
          <Tab key={v.value} value={v.value} label={v.label} id={tabId(v)} aria-controls={panelId(v)} />
        ))}
      </Tabs>
      {views.map((v) => (
        <div key={v.value} role="tabpanel" id={panelId(v)} aria-labelledby={tabId(v)} hidden={v !== current}>
          {v === current && <Suspense fallback={v.fallback ?? <LoadingBlock height={200} label={`Loading ${v.label.toLowerCase()}`} />}>{v.content}</Suspense>}
        </div>
      ))}
    </Box>
  );
}
