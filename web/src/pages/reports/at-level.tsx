import type { ComponentType } from 'react';
import type { ReportScope } from '../../data/renewal-reports';

type Level = ReportScope['level'];

/** A report's screen at one level (platform, agency, organization), named for the route table. */
export function atLevel(Report: ComponentType<{ level: Level }>, level: Level, name: string): ComponentType {
  const Screen = () => <Report level={level} />;
  Screen.displayName = name;
  return Screen;
}
