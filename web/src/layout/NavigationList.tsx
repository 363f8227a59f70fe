import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { isNavGroup, type NavGroup, type NavItem } from '../../../shared/permissions';
import { groupContains } from './active-link';

interface ListProps {
  items: NavItem[];
  activePath: string | null;
  depth?: number;
  onNavigate?: () => void;
}

function Group({ group, activePath, depth, onNavigate }: { group: NavGroup } & Required<Omit<ListProps, 'items' | 'onNavigate'>> & Pick<ListProps, 'onNavigate'>) {
  // A group holding the current page starts open so the highlighted link is visible.
  const [open, setOpen] = useState(() => groupContains(group, activePath));
  const id = `nav-group-${group.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} sx={{ pl: 2 + depth * 2 }}>
        <ListItemText primary={group.label} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={id}>
        <NavigationList items={group.children} activePath={activePath} depth={depth + 1} onNavigate={onNavigate} />
      </Collapse>
    </>
  );
}

export function NavigationList({ items, activePath, depth = 0, onNavigate }: ListProps) {
  return (
    <List component="div" disablePadding dense>
      {items.map((item) =>
        isNavGroup(item) ? (
          <Group key={`group:${item.label}`} group={item} activePath={activePath} depth={depth} onNavigate={onNavigate} />
        ) : (
          <ListItemButton
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={item.path === activePath}
            aria-current={item.path === activePath ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ pl: 2 + depth * 2 }}
          >
            <ListItemText primary={item.label} />
          </ListItemButton>
        ),
      )}
    </List>
  );
}
