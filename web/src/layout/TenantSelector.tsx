import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { initials } from '../../../shared/text';

export interface TenantOption {
  id: string;
  name: string;
}

interface Props {
  /** 'organization' or 'company', for the accessible names. */
  kind: string;
  name: string;
  currentId: string;
  /** Where the name leads (the tenant's overview). */
  href: string;
  options: TenantOption[];
  pathFor: (id: string) => string;
}

/** The navigation's top item inside a tenant: who you are looking at, and a switch when there is a choice. */
export function TenantSelector({ kind, name, currentId, href, options, pathFor }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const others = options.filter((o) => o.id !== currentId);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
      <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: '0.9rem' }} aria-hidden>
        {initials(name)}
      </Avatar>
      <Typography
        component={RouterLink}
        to={href}
        sx={{ flex: 1, minWidth: 0, color: 'inherit', textDecoration: 'none', fontWeight: 600 }}
        noWrap
        title={name}
      >
        {name}
      </Typography>
      {others.length > 0 && (
        <>
          <IconButton size="small" aria-label={`Switch ${kind}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
            <ArrowDropDownIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {[...options]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((option) => (
                <MenuItem
                  key={option.id}
                  selected={option.id === currentId}
                  onClick={() => {
                    setAnchor(null);
                    void navigate(pathFor(option.id));
                  }}
                >
                  {option.name}
                </MenuItem>
              ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
